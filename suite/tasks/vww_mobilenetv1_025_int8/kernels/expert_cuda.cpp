// Expert cuda schedule for `vww_mobilenetv1_025_int8`: 28 kernels (the naive schedule has 58), every
// stage on the device, the 'same' zero padding inlined into the loads (a clamped load and a
// select: no padded copies).
//   d1..d13: the depthwise 3x3 conv, requantized with the ReLU clamp, one thread per output element (9 taps
//      unrolled), 16x8-thread blocks over (columns, rows), channels along the grid's z;
//   a0..a12, feat: the stem and the pointwise convs, 16x8-thread blocks, each thread one
//      pixel of 4 output channels of int32 sums in registers across all input channels (one
//      d load feeds 4 multiply-adds), the requantization and ReLU clamp fused into the int8
//      store;
//   pool_sum: one thread per channel; logits: one thread per class (rounded average and
//      requantization inlined).
// Threads are adjacent along the columns (coalesced rows, warp-uniform weights). All tails
// use GuardWithIf.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int blocks = task::Algorithm::blocks;
    const int chans = 4;
    const TailStrategy guard = TailStrategy::GuardWithIf;
    Var xo{"xo"}, yo{"yo"}, co{"co"}, xi{"xi"}, yi{"yi"}, ci{"ci"}, cv{"cv"};
    auto out = [&](int i) { return i == blocks ? a.feat : a.a[i]; };
    // @layer compute
    for (int i = 0; i < blocks; i++) a.a[i].compute_root();
    for (int i = 1; i <= blocks; i++) a.d[i].compute_root();
    a.pool_sum.compute_root();
    // @layer loops
    for (int i = 0; i <= blocks; i++) {
        out(i).split(a.c, a.c, cv, chans, guard)
            .reorder(cv, a.col, a.row, a.c, a.n)
            .gpu_tile(a.col, a.row, a.c, xo, yo, co, xi, yi, ci, 16, 8, 1, guard);
    }
    for (int i = 1; i <= blocks; i++) {
        a.d[i].gpu_tile(a.col, a.row, a.c, xo, yo, co, xi, yi, ci, 16, 8, 1, guard);
    }
    a.pool_sum.gpu_tile(a.c, a.n, co, yo, ci, yi, 32, 1, guard);
    a.pool_sum.update().gpu_tile(a.c, a.n, co, yo, ci, yi, 32, 1, guard);
    a.logits.gpu_tile(a.o, a.n, co, yo, ci, yi, 16, 1, guard);
    // @layer memory
    a.stem.compute_at(a.a[0], xi).store_in(MemoryType::Register).bound_storage(a.c, chans);
    for (int i = 1; i <= blocks; i++) {
        a.pw[i].compute_at(out(i), xi).store_in(MemoryType::Register).bound_storage(a.c, chans);
    }
    a.fc.compute_at(a.logits, ci).store_in(MemoryType::Register);
    // @layer vector
    for (int i = 0; i <= blocks; i++) out(i).unroll(cv);
    a.stem.unroll(a.c);
    a.stem.update().reorder(a.c, a.r0.y, a.r0.z, a.r0.x, a.col, a.row, a.n).unroll(a.c).unroll(a.r0.y).unroll(a.r0.z);
    for (int i = 1; i <= blocks; i++) {
        a.pw[i].unroll(a.c);
        a.pw[i].update().reorder(a.c, a.rpw[i], a.col, a.row, a.n).unroll(a.c);
    }
    // @end
    return a.kernel();
}
