// Expert cuda schedule for `resnet18_stem`: two kernels, every stage on the device.
//   r: each thread computes one conv pixel for 4 channels, the 4 sums in registers across
//      the 7x7xCI taps (x a zero-padded guarded read, the weights warp-uniform), bias and
//      ReLU fused;
//   y: each thread one pooled pixel, the 9-tap max over r with clamped coordinates.
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
    a.r.compute_root();
    // @layer loops
    a.r.split(a.c, a.c, cv, chans, guard)
        .reorder(cv, a.col, a.row, a.c, a.n)
        .gpu_tile(a.col, a.row, a.c, xo, yo, co, xi, yi, ci, 32, 4, 1, guard);
    a.y.gpu_tile(a.col, a.row, a.c, xo, yo, co, xi, yi, ci, 32, 4, 1, guard);
    a.conv.update().reorder(a.c, a.col, a.row, a.rw.x, a.rw.y, a.rw.z, a.n);
    // @layer memory
    a.conv.compute_at(a.r, xi).store_in(MemoryType::Register);
    // @layer vector
    a.r.unroll(cv);
    a.conv.unroll(a.c);
    a.conv.update().unroll(a.c).unroll(a.rw.x);
    // @end
    return a.kernel();
}
