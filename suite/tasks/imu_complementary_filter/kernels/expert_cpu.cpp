// Expert cpu schedule for `imu_complementary_filter`: an algorithm rewrite plus a vector
// schedule. The streams are independent, so the scan over time runs on vectors of streams:
// blocks of 4 vectors of streams in parallel, and per block the samples one after another,
// each step loading the time-major x, y, z triples of a vector of streams (stride-3 loads,
// dense loads plus shuffles) and storing roll and pitch interleaved. Two rewrites keep the
// step vectorized and single-pass:
//  - atan2 is a vectorized polynomial (Halide lowers atan2 to a scalar libm call per lane):
//    cephes' atanf on [0, 1] after the octant reduction (min / max of |x|, |y|, the
//    tan(pi/8) split), relative error about 2e-7, then the quadrant fix-up by the signs;
//  - the scan's first step reads angle0 through a select instead of a separate pure
//    definition over every sample, so the tilt is computed once per sample (the pure
//    definition only zero-fills).
#include <ekb/kernel.h>

#include "algorithm.h"

namespace {

// atan2(y, x) for float32 with plain vector arithmetic (cephes atanf after octant reduction).
Halide::Expr vector_atan2(const Halide::Expr &y, const Halide::Expr &x) {
    using namespace Halide;
    const float pi = 3.14159265358979f, pi_2 = 1.57079632679490f, pi_4 = 0.785398163397448f;
    Expr ax = abs(x), ay = abs(y);
    Expr mn = min(ax, ay), mx = max(ax, ay);
    Expr q = select(mx == 0.0f, 0.0f, mn / mx);  // in [0, 1]
    Expr big = q > 0.414213562373095f;            // tan(pi / 8)
    Expr t = select(big, (q - 1.0f) / (q + 1.0f), q);
    Expr z = t * t;
    Expr p = (((8.05374449538e-2f * z - 1.38776856032e-1f) * z + 1.99777106478e-1f) * z - 3.33329491539e-1f) * z * t + t;
    Expr at = select(big, pi_4 + p, p);
    Expr r = select(ay > ax, pi_2 - at, at);
    r = select(x < 0.0f, pi - r, r);
    return select(y < 0.0f, -r, r);
}

}  // namespace

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    Var so{"so"}, si{"si"};
    // @layer compute
    // The xyz (and roll/pitch) axes are the fixed, dense innermost dimension of every buffer:
    // declared, so that a vector of streams is a constant-stride (shuffled dense) access.
    a.gyro.dim(0).set_bounds(0, 3).dim(1).set_stride(3);
    a.accel.dim(0).set_bounds(0, 3).dim(1).set_stride(3);
    a.angle0.dim(0).set_bounds(0, 2).dim(1).set_stride(2);
    Func tilt("tilt"), angles("angles");
    Expr ax = a.accel(0, a.s, a.t), ay = a.accel(1, a.s, a.t), az = a.accel(2, a.s, a.t);
    tilt(a.k, a.s, a.t) = select(a.k == 0, vector_atan2(ay, az), vector_atan2(-ax, sqrt(ay * ay + az * az)));
    const float alpha = task::Algorithm::alpha, dt = task::Algorithm::dt;
    RDom r(0, a.gyro.dim(2).extent(), "r");
    angles(a.k, a.s, a.t) = 0.0f;
    Expr prev = select(r == 0, a.angle0(a.k, a.s), angles(a.k, a.s, max(r - 1, 0)));
    angles(a.k, a.s, r) = alpha * (prev + a.gyro(a.k, a.s, r) * dt) + (1.0f - alpha) * tilt(a.k, a.s, r);
    angles.output_buffer().dim(0).set_bounds(0, 2).dim(1).set_stride(2);
    // @layer loops
    angles.bound(a.k, 0, 2);  // roll and pitch: a constant extent, unrolled below
    angles.split(a.s, so, si, 4 * vec, TailStrategy::GuardWithIf).reorder(a.k, si, so, a.t).parallel(so);
    angles.update().split(a.s, so, si, 4 * vec, TailStrategy::GuardWithIf).reorder(a.k, si, r, so).parallel(so);
    // @layer vector
    angles.vectorize(si, vec).unroll(si).unroll(a.k);
    angles.update().vectorize(si, vec).unroll(si).unroll(a.k);
    // @end
    return {{a.gyro, a.accel, a.angle0}, {angles}};
}
