// Halide reference algorithm for task `point_projection`: q = R @ p + t for each point p,
// depth = q_z, uv = (fx * q_x / q_z + cx, fy * q_y / q_z + cy).
// Halide dimension 0 is the last PyTorch dimension: points(j, n) is points[n, j], R(j, i) is
// R[i, j] and uv(c, n) is uv[n, c].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    Halide::ImageParam points{Halide::Float(32), 2, "points"};          // [N, 3]
    Halide::ImageParam R{Halide::Float(32), 2, "R"};                    // [3, 3]
    Halide::ImageParam t{Halide::Float(32), 1, "t"};                    // [3]
    Halide::ImageParam intrinsics{Halide::Float(32), 1, "intrinsics"};  // [4]: fx, fy, cx, cy
    Halide::Var c{"c"}, n{"n"};       // uv[n, c]; c also indexes the 3 camera-frame axes
    Halide::Func cam{"cam"};          // q(c, n) = R[c, :] . points[n, :] + t[c]: camera frame
    Halide::Func depth{"depth"};      // the output depth: q_z
    Halide::Func uv{"uv"};            // the output pixel coordinates

    Algorithm() {
        using namespace Halide;
        cam(c, n) = ((R(0, c) * points(0, n) + R(1, c) * points(1, n)) + R(2, c) * points(2, n)) + t(c);
        depth(n) = cam(2, n);
        Expr z = cam(2, n);
        Expr u = intrinsics(0) * cam(0, n) / z + intrinsics(2);
        Expr v = intrinsics(1) * cam(1, n) / z + intrinsics(3);
        uv(c, n) = mux(c, {u, v});
    }

    ekb::Kernel kernel() { return {{points, R, t, intrinsics}, {uv, depth}}; }
};

}  // namespace task
