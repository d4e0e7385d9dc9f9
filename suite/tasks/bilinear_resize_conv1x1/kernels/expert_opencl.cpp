// Expert opencl schedule for `bilinear_resize_conv1x1`: the algorithm rewrite of the cpu
// expert (the 1x1 convolution commutes with the bilinear upsampling, so it runs at the input
// resolution, 4x fewer multiply-adds, and only its CO channels are upsampled, with the
// fixed 0.25 / 0.75 weights of scale 2 and repeat_edge clamping), in two kernels:
//   lo: 16x4-thread work-groups over (columns, rows), channel groups along the third
//       dimension; each thread accumulates one pixel of 4 output channels in registers
//       across the input channels (one input load feeds 4 multiply-adds);
//   output: 16x8-thread work-groups over the output, one pixel each, interpolating the 4
//       neighbours of lo (hx inlined) and adding the bias.
// All tails use GuardWithIf.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int chans = 4;
    const Expr CO = a.weight.dim(3).extent();
    Var xo{"xo"}, yo{"yo"}, co{"co"}, xi{"xi"}, yi{"yi"}, ci{"ci"}, cv{"cv"};
    // @layer compute
    Func wt("wt"), lo("lo"), hx("hx"), output("output");
    wt(a.c, a.n) = a.weight(0, 0, a.c, clamp(a.n, 0, CO - 1));  // wt(ci, co), co clamped
    lo(a.x, a.y, a.c, a.n) = 0.0f;
    lo(a.x, a.y, a.c, a.n) += wt(a.ci, a.c) * a.input(a.x, a.y, a.ci, a.n);
    Func lo_out = lo.in();  // the stored low-resolution map; lo itself lives in registers
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
    lo_out.compute_root();
    // @layer loops
    lo_out.split(a.c, a.c, cv, chans, TailStrategy::GuardWithIf)
        .reorder(cv, a.x, a.y, a.c, a.n)
        .gpu_tile(a.x, a.y, a.c, xo, yo, co, xi, yi, ci, 16, 4, 1, TailStrategy::GuardWithIf);
    output.gpu_tile(a.x, a.y, a.c, xo, yo, co, xi, yi, ci, 16, 8, 1, TailStrategy::GuardWithIf);
    // @layer memory
    lo.compute_at(lo_out, xi).store_in(MemoryType::Register);
    // @layer vector
    lo_out.unroll(cv);
    lo.unroll(a.c);
    lo.update().reorder(a.c, a.x, a.y, a.ci, a.n).unroll(a.c);
    // @end
    return {{a.input, a.weight, a.bias}, {output}};
}
