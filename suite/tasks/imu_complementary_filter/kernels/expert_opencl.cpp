// Expert opencl schedule for `imu_complementary_filter`: one work-item per stream, 64
// streams per work-group; each work-item runs its stream's scan over time sequentially
// (roll and pitch unrolled), loading each sample's gyro and accel triples (neighbouring
// work-items read neighbouring triples) and computing the tilt with the device's atan2.
// One rewrite: the scan's first step reads angle0 through a select instead of a separate
// pure definition over every sample, so the tilt is computed once per sample (the pure
// definition only zero-fills, as its own 64x4-tile kernel).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var so{"so"}, si{"si"}, to{"to"}, ti{"ti"};
    // @layer compute
    // tilt (the reference's, atan2 being native on the device) is inlined into the scan.
    Func angles("angles");
    const float alpha = task::Algorithm::alpha, dt = task::Algorithm::dt;
    RDom r(0, a.gyro.dim(2).extent(), "r");
    angles(a.k, a.s, a.t) = 0.0f;
    Expr prev = select(r == 0, a.angle0(a.k, a.s), angles(a.k, a.s, max(r - 1, 0)));
    angles(a.k, a.s, r) = alpha * (prev + a.gyro(a.k, a.s, r) * dt) + (1.0f - alpha) * a.tilt(a.k, a.s, r);
    // @layer loops
    angles.bound(a.k, 0, 2);  // roll and pitch: a constant extent, unrolled below
    angles.gpu_tile(a.s, a.t, so, to, si, ti, 64, 4, TailStrategy::GuardWithIf);
    angles.update().reorder(a.k, r, a.s).gpu_tile(a.s, so, si, 64, TailStrategy::GuardWithIf);
    // @layer vector
    angles.unroll(a.k);
    angles.update().unroll(a.k);
    // @end
    return {{a.gyro, a.accel, a.angle0}, {angles}};
}
