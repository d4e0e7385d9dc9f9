// Expert opencl schedule for `ghostnet_ghost_module`: two kernels, every stage on the device,
// the cheap branch never stored on its own.
//   p: each thread computes one pixel of 4 primary channels, the 4 sums in registers across
//      the C input channels, bias and ReLU fused;
//   y: one thread per output element: the primary half copies p, the ghost half computes
//      the cheap depthwise 3x3 + ReLU from p on the fly (9 taps unrolled, zero padding by a
//      guarded read).
// 16x4 work-items per work-group; channel groups along the grid's third dimension; all tails GuardWithIf.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int chans = 4;
    const Expr W = a.x.dim(0).extent(), H = a.x.dim(1).extent(), M = a.w_p.dim(3).extent();
    Var xo{"xo"}, yo{"yo"}, co{"co"}, xi{"xi"}, yi{"yi"}, ci{"ci"}, cv{"cv"};
    // @layer compute
    Func y("y_fast");
    {
        Expr m = max(a.c - M, 0);
        Expr acc = a.b_c(m);
        for (int ky = 0; ky < 3; ky++) {
            for (int kx = 0; kx < 3; kx++) {
                Expr cx = a.col + kx - 1, cy = a.row + ky - 1;
                Expr inside = cx >= 0 && cx < W && cy >= 0 && cy < H;
                Expr v = a.p(clamp(cx, 0, W - 1), clamp(cy, 0, H - 1), m, a.n);
                acc += a.w_c(kx, ky, 0, m) * select(inside, v, 0.0f);
            }
        }
        y(a.col, a.row, a.c, a.n) = select(a.c < M, a.p(a.col, a.row, min(a.c, M - 1), a.n), max(acc, 0.0f));
    }
    a.p.compute_root();
    // @layer loops
    a.p.split(a.c, a.c, cv, chans, TailStrategy::GuardWithIf)
        .reorder(cv, a.col, a.row, a.c, a.n)
        .gpu_tile(a.col, a.row, a.c, xo, yo, co, xi, yi, ci, 16, 4, 1, TailStrategy::GuardWithIf);
    y.gpu_tile(a.col, a.row, a.c, xo, yo, co, xi, yi, ci, 16, 4, 1, TailStrategy::GuardWithIf);
    a.primary.update().reorder(a.c, a.col, a.row, a.rc, a.n);
    // @layer memory
    a.primary.compute_at(a.p, xi).store_in(MemoryType::Register);
    // @layer vector
    a.p.unroll(cv);
    a.primary.unroll(a.c);
    a.primary.update().unroll(a.c);
    // @end
    return {{a.x, a.w_p, a.b_p, a.w_c, a.b_c}, {y}};
}
