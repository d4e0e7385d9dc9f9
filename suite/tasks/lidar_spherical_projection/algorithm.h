// Halide reference algorithm for task `lidar_spherical_projection`: depth = |p|,
// yaw = -atan2(y, x), pitch = asin(z / depth), u = 0.5 (yaw/pi + 1) W,
// v = (1 - (pitch + |fov_down|)/fov) H (W = 2048, H = 64, fov_up 3 deg, fov_down -25 deg).
// The constants are rounded to float once from their double values, as PyTorch rounds the
// Python scalars of reference.py.
// Halide dimension 0 is the last PyTorch dimension: xy(j, n) is xy[n, j] and proj(k, n) is
// proj[n, k].
#pragma once
#include <ekb/kernel.h>

#include <cmath>

namespace task {

struct Algorithm {
    Halide::ImageParam xy{Halide::Float(32), 2, "xy"};  // [N, 2]
    Halide::ImageParam z{Halide::Float(32), 1, "z"};    // [N]
    Halide::Var k{"k"}, n{"n"};                         // proj[n, k]
    Halide::Func depth{"depth"};  // the range of each point
    Halide::Func proj{"proj"};    // the output

    Algorithm() {
        using namespace Halide;
        const int height = 64, width = 2048;                // = get_init_inputs() in reference.py
        const double fov_up_deg = 3.0, fov_down_deg = -25.0;
        const double pi = 3.14159265358979323846;
        const double fov_up = fov_up_deg / 180.0 * pi, fov_down = fov_down_deg / 180.0 * pi;
        const double fov = std::abs(fov_down) + std::abs(fov_up);
        Expr x = xy(0, n), y = xy(1, n), zz = z(n);
        depth(n) = sqrt(x * x + y * y + zz * zz);
        Expr yaw = -atan2(y, x);
        Expr pitch = asin(zz / depth(n));
        Expr u = 0.5f * (yaw / float(pi) + 1.0f) * float(width);
        Expr v = (1.0f - (pitch + float(std::abs(fov_down))) / float(fov)) * float(height);
        proj(k, n) = select(k == 0, u, k == 1, v, depth(n));
    }

    ekb::Kernel kernel() { return {{xy, z}, {proj}}; }
};

}  // namespace task
