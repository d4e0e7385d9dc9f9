// Expert cuda schedule for `shufflenet_v2_unit`: three kernels, every stage on the device.
//   h1: each thread computes one pixel of 4 channels of the first 1x1 conv, the 4 sums in
//       registers across the B input channels (one load of x2 feeds 4 FMAs), bias + ReLU;
//   h2: each thread computes one depthwise output, the zero pad of h1 inlined into its
//       loads (a clamped load and a select), 9 taps unrolled, bias fused;
//   y: each thread writes one pixel of a channel pair of the output: the even channel is
//      copied from x1, the odd one is the second 1x1 conv (its sum in a register across the
//      B channels of h2) with bias + ReLU; the pair split is unrolled, so the shuffle's
//      select disappears and z is never stored.
// Blocks are 32x8 threads over (columns, rows), channel groups along the grid's z dimension;
// threads are adjacent along the columns, so every activation row is read and written
// coalesced across a warp and every weight is a warp-uniform broadcast. All tails use
// GuardWithIf.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int chans = 4, tx = 32, ty = 8;
    Var xo{"xo"}, yo{"yo"}, co{"co"}, xi{"xi"}, yi{"yi"}, ci{"ci"}, cv{"cv"}, par{"par"};
    // @layer compute
    // One kernel per materialized stage (h1, h2, y); h1_padded and z are inlined, pw1, dw and
    // pw2 live in registers of the threads that consume them (below).
    a.h1.compute_root();
    a.h2.compute_root();
    // @layer loops
    a.h1.split(a.c, a.c, cv, chans, TailStrategy::GuardWithIf)
        .reorder(cv, a.col, a.row, a.c, a.n)
        .gpu_tile(a.col, a.row, a.c, xo, yo, co, xi, yi, ci, tx, ty, 1, TailStrategy::GuardWithIf);
    a.h2.gpu_tile(a.col, a.row, a.c, xo, yo, co, xi, yi, ci, tx, ty, 1, TailStrategy::GuardWithIf);
    a.y.split(a.c, a.c, par, 2, TailStrategy::RoundUp)  // 2B channels: never a tail
        .reorder(par, a.col, a.row, a.c, a.n)
        .gpu_tile(a.col, a.row, a.c, xo, yo, co, xi, yi, ci, tx, ty, 1, TailStrategy::GuardWithIf);
    a.pw1.update().reorder(a.c, a.col, a.row, a.rb1, a.n);
    a.pw2.update().reorder(a.c, a.col, a.row, a.rb2, a.n);
    // @layer memory
    a.pw1.compute_at(a.h1, xi).store_in(MemoryType::Register);
    a.dw.compute_at(a.h2, xi).store_in(MemoryType::Register);
    a.pw2.compute_at(a.y, xi).store_in(MemoryType::Register);
    // @layer vector
    a.h1.unroll(cv);
    a.y.unroll(par);
    a.pw1.unroll(a.c);
    a.pw1.update().unroll(a.c);
    a.dw.update().unroll(a.rk.x).unroll(a.rk.y);
    // @end
    return a.kernel();
}
