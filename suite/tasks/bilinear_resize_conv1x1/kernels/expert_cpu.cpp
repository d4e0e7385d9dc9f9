// Expert cpu schedule for `bilinear_resize_conv1x1`: an algorithm rewrite plus a vector
// schedule. Both steps are linear, the 1x1 convolution mixes channels per pixel and the
// bilinear weights of every output pixel sum to 1, so the convolution (and then the bias)
// commutes with the upsampling: the convolution runs at the input resolution (lo), 4x fewer
// multiply-adds, and only its CO channels are upsampled. At scale 2 the source coordinates
// follow a fixed pattern: output column 2i reads columns (i - 1, i) with weights
// (0.25, 0.75), column 2i + 1 reads (i, i + 1) with weights (0.75, 0.25), the neighbours
// clamped at the edges (a repeat_edge boundary); rows alike, so no float coordinates and no
// gathers. Blocks of 4 output channels in parallel; per block lo is computed in register
// tiles of 1 vector of columns x 2 rows x 4 channels across all input channels (each input
// vector feeds 4 FMAs), then per channel the horizontal pass (hx) and the vertical pass
// write the output in vectors, the bias fused into the store. The channel block is a
// constant 4 (weight rows past CO are clamped and never stored) so its tile stays in
// registers; column and row tails are guarded.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int natural = target.natural_vector_size(Float(32));
    const int vec = natural < 8 ? natural : 8;
    const int chans = 4, rows = 2;
    const Expr CO = a.weight.dim(3).extent();
    Var co{"co"}, cc{"cc"}, xo{"xo"}, xi{"xi"}, yo{"yo"}, yi{"yi"};
    // @layer compute
    Func wt("wt"), lo("lo"), hx("hx"), output("output");
    wt(a.c, a.n) = a.weight(0, 0, a.c, clamp(a.n, 0, CO - 1));  // wt(ci, co), co clamped
    lo(a.x, a.y, a.c, a.n) = 0.0f;
    lo(a.x, a.y, a.c, a.n) += wt(a.ci, a.c) * a.input(a.x, a.y, a.ci, a.n);
    Func clamped = BoundaryConditions::repeat_edge(
        lo, {{a.input.dim(0).min(), a.input.dim(0).extent()}, {a.input.dim(1).min(), a.input.dim(1).extent()}});
    Expr i = a.x / 2;
    hx(a.x, a.y, a.c, a.n) = select(a.x % 2 == 0,
                                    0.25f * clamped(i - 1, a.y, a.c, a.n) + 0.75f * clamped(i, a.y, a.c, a.n),
                                    0.75f * clamped(i, a.y, a.c, a.n) + 0.25f * clamped(i + 1, a.y, a.c, a.n));
    Expr j = a.y / 2;
    output(a.x, a.y, a.c, a.n) = select(a.y % 2 == 0,
                                        0.25f * hx(a.x, j - 1, a.c, a.n) + 0.75f * hx(a.x, j, a.c, a.n),
                                        0.75f * hx(a.x, j, a.c, a.n) + 0.25f * hx(a.x, j + 1, a.c, a.n)) +
                                 a.bias(a.c);
    // @layer loops
    output.split(a.c, co, cc, chans, TailStrategy::GuardWithIf).reorder(a.x, a.y, cc, co, a.n).parallel(co);
    lo.update()
        .split(a.y, yo, yi, rows, TailStrategy::GuardWithIf)
        .split(a.x, xo, xi, vec, TailStrategy::GuardWithIf)
        .reorder(xi, a.c, yi, a.ci, xo, yo, a.n);
    // @layer memory
    lo.compute_at(output, co).bound_extent(a.c, chans);
    hx.compute_at(output, cc);
    // @layer vector
    lo.vectorize(a.x, vec, TailStrategy::GuardWithIf);
    lo.update().vectorize(xi).unroll(a.c).unroll(yi);
    hx.vectorize(a.x, vec, TailStrategy::GuardWithIf);
    output.vectorize(a.x, vec, TailStrategy::GuardWithIf);
    // @end
    return {{a.input, a.weight, a.bias}, {output}};
}
