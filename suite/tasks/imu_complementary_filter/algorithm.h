// Halide reference algorithm for task `imu_complementary_filter`: a batch of S independent
// IMU streams, T samples each, fused by the classic roll/pitch complementary filter:
//   tilt_roll[t]  = atan2(ay[t], az[t])
//   tilt_pitch[t] = atan2(-ax[t], sqrt(ay[t]^2 + az[t]^2))               (accelerometer tilt)
//   angle[t] = alpha * (angle[t-1] + gyro[t] * dt) + (1 - alpha) * tilt[t]
// per stream and axis (roll from gx, pitch from gy), starting from angle[-1] = angle0: a
// sequential scan over time, independent across streams.
// Halide dimension 0 is the last PyTorch dimension: gyro(a, s, t) is gyro[t, s, a],
// angle0(k, s) is angle0[s, k], angles(k, s, t) is angles[t, s, k] (k = 0 roll, 1 pitch).
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    static constexpr float alpha = 0.98f;  // = get_init_inputs() in reference.py
    static constexpr float dt = 0.01f;     // the sample period (100 Hz)

    Halide::ImageParam gyro{Halide::Float(32), 3, "gyro"};      // [T, S, 3] rad/s
    Halide::ImageParam accel{Halide::Float(32), 3, "accel"};    // [T, S, 3] m/s^2
    Halide::ImageParam angle0{Halide::Float(32), 2, "angle0"};  // [S, 2] rad
    Halide::Var k{"k"}, s{"s"}, t{"t"};  // angles[t, s, k]: k roll/pitch, s stream, t sample
    Halide::RDom r;                      // the samples after the first: the scan
    Halide::Func tilt{"tilt"};      // the accelerometer's roll (k = 0) and pitch (k = 1)
    Halide::Func angles{"angles"};  // the filtered angles: a scan over t, the output

    Algorithm() {
        using namespace Halide;
        Expr ax = accel(0, s, t), ay = accel(1, s, t), az = accel(2, s, t);
        tilt(k, s, t) = select(k == 0, atan2(ay, az), atan2(-ax, sqrt(ay * ay + az * az)));
        // The gyro axis of angle k is k itself: roll integrates gx, pitch integrates gy.
        angles(k, s, t) = alpha * (angle0(k, s) + gyro(k, s, t) * dt) + (1.0f - alpha) * tilt(k, s, t);
        r = RDom(1, gyro.dim(2).extent() - 1, "r");
        angles(k, s, r) = alpha * (angles(k, s, r - 1) + gyro(k, s, r) * dt) + (1.0f - alpha) * tilt(k, s, r);
    }

    ekb::Kernel kernel() { return {{gyro, accel, angle0}, {angles}}; }
};

}  // namespace task
