// Expert cpu schedule for `resize_bilinear2x`: an algorithm rewrite plus a vector schedule.
// At scale 2 the source coordinates follow a fixed pattern: output column 2i reads input
// columns (i - 1, i) with weights (0.25, 0.75), column 2i + 1 reads (i, i + 1) with weights
// (0.75, 0.25), the neighbours clamped at the edges (where both weights land on the same
// pixel, as PyTorch's clamped coordinate does); rows alike. So no float coordinates and no
// gathers: the clamp is a repeat_edge boundary (its interior loops partitioned out) and the
// parity a blend of two dense expressions. Channels in parallel; per channel the horizontal
// pass (hx, input rows plus one clamped row on each side) is computed once, then the
// vertical pass writes the output, both in 8-lane vectors (x / 2 duplicates are cheap
// shuffles at 8 lanes), tails guarded.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int natural = target.natural_vector_size(Float(32));
    const int vec = natural < 8 ? natural : 8;
    Var t{"t"};
    // @layer compute
    Func clamped = BoundaryConditions::repeat_edge(
        a.input, {{a.input.dim(0).min(), a.input.dim(0).extent()}, {a.input.dim(1).min(), a.input.dim(1).extent()}});
    Func hx("hx"), output("output");
    Expr i = a.x / 2;
    hx(a.x, a.y, a.c, a.n) = select(a.x % 2 == 0,
                                    0.25f * clamped(i - 1, a.y, a.c, a.n) + 0.75f * clamped(i, a.y, a.c, a.n),
                                    0.75f * clamped(i, a.y, a.c, a.n) + 0.25f * clamped(i + 1, a.y, a.c, a.n));
    Expr j = a.y / 2;
    output(a.x, a.y, a.c, a.n) = select(a.y % 2 == 0,
                                        0.25f * hx(a.x, j - 1, a.c, a.n) + 0.75f * hx(a.x, j, a.c, a.n),
                                        0.75f * hx(a.x, j, a.c, a.n) + 0.25f * hx(a.x, j + 1, a.c, a.n));
    // @layer loops
    output.fuse(a.c, a.n, t).parallel(t);
    // @layer memory
    hx.compute_at(output, t);
    // @layer vector
    output.vectorize(a.x, vec, TailStrategy::GuardWithIf);
    hx.vectorize(a.x, vec, TailStrategy::GuardWithIf);
    // @end
    return {{a.input}, {output}};
}
