// Expert cuda schedule for `imu_complementary_filter`: two kernels. The first computes the
// accelerometer tilt (roll and pitch, the device's atan2) of every sample of every stream in
// parallel, 64x4-thread blocks over (streams, samples); the second runs one thread per stream,
// 32 streams per block, each running its stream's scan over time sequentially (roll and pitch
// unrolled) with nothing but loads and FMAs in the serial chain (neighbouring threads read
// neighbouring samples). An earlier version inlined the tilt into the scan, which put two
// atan2s and a sqrt into every step of the serial chain, and ran at 0.70x of the naive
// schedule on the H200.
// One rewrite: the scan's first step reads angle0 through a select instead of a separate
// pure definition over every sample (the pure definition only zero-fills, as its own
// 64x4-tile kernel).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var so{"so"}, si{"si"}, to{"to"}, ti{"ti"};
    // @layer compute
    // tilt (the reference's, atan2 being native on the device) is computed before the scan.
    a.tilt.compute_root();
    Func angles("angles");
    const float alpha = task::Algorithm::alpha, dt = task::Algorithm::dt;
    RDom r(0, a.gyro.dim(2).extent(), "r");
    angles(a.k, a.s, a.t) = 0.0f;
    Expr prev = select(r == 0, a.angle0(a.k, a.s), angles(a.k, a.s, max(r - 1, 0)));
    angles(a.k, a.s, r) = alpha * (prev + a.gyro(a.k, a.s, r) * dt) + (1.0f - alpha) * a.tilt(a.k, a.s, r);
    // @layer loops
    a.tilt.bound(a.k, 0, 2).reorder(a.k, a.s, a.t).gpu_tile(a.s, a.t, so, to, si, ti, 64, 4, TailStrategy::GuardWithIf);
    angles.bound(a.k, 0, 2);  // roll and pitch: a constant extent, unrolled below
    angles.gpu_tile(a.s, a.t, so, to, si, ti, 64, 4, TailStrategy::GuardWithIf);
    angles.update().reorder(a.k, r, a.s).gpu_tile(a.s, so, si, 32, TailStrategy::GuardWithIf);
    // @layer vector
    a.tilt.unroll(a.k);
    angles.unroll(a.k);
    angles.update().unroll(a.k);
    // @end
    return {{a.gyro, a.accel, a.angle0}, {angles}};
}
