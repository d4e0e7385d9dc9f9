// Expert cuda schedule for `efficientnet_lite0_stem_block0`: two kernels, every stage on the device.
//   s: each thread computes one stem pixel for 4 channels, the 4 sums in registers across
//      the 27 taps (x a zero-padded guarded read, the weights warp-uniform), ReLU6 fused;
//   y: each thread computes one output pixel for 4 channels: the depthwise + ReLU6 of all C
//      channels of its pixel (9 taps each, s read with a guarded zero pad) feeds the 4
//      project sums in registers, the bias fused into the store.
// 32x4-thread blocks over (columns, rows), threads adjacent along the columns (coalesced
// rows); channel groups along the grid's third dimension; all tails GuardWithIf.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int chans = 4;
    const TailStrategy guard = TailStrategy::GuardWithIf;
    Var xo{"xo"}, yo{"yo"}, co{"co"}, xi{"xi"}, yi{"yi"}, ci{"ci"}, cv{"cv"};
    // @layer compute
    a.s.compute_root();
    // @layer loops
    for (Func f : {a.s, a.y}) {
        f.split(a.c, a.c, cv, chans, guard)
            .reorder(cv, a.col, a.row, a.c, a.n)
            .gpu_tile(a.col, a.row, a.c, xo, yo, co, xi, yi, ci, 32, 4, 1, guard);
    }
    a.stem.update().reorder(a.c, a.col, a.row, a.rs.x, a.rs.y, a.rs.z, a.n);
    a.project.update().reorder(a.c, a.col, a.row, a.rp, a.n);
    // @layer memory
    a.stem.compute_at(a.s, xi).store_in(MemoryType::Register);
    a.project.compute_at(a.y, xi).store_in(MemoryType::Register);
    a.d.compute_at(a.project, a.rp);
    // @layer vector
    for (Func f : {a.s, a.y}) f.unroll(cv);
    for (Func f : {a.stem, a.project}) {
        f.unroll(a.c);
        f.update().unroll(a.c);
    }
    a.stem.update().unroll(a.rs.x).unroll(a.rs.y);
    a.dw.update().unroll(a.rk.x).unroll(a.rk.y);
    // @end
    return a.kernel();
}
