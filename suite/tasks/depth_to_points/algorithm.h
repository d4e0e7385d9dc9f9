// Halide reference algorithm for task `depth_to_points`: z = depth * 0.001,
// points = ((u - cx) z / f, (v - cy) z / f, z) with f = 0.6 W, cx = (W-1)/2, cy = (H-1)/2.
// Halide dimension 0 is the last PyTorch dimension: depth(u, v) is depth[v, u] and
// points(k, u, v) is points[v, u, k].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    Halide::ImageParam depth{Halide::Int(16), 2, "depth"};  // [H, W]
    Halide::Var k{"k"}, u{"u"}, v{"v"};                     // points[v, u, k]
    Halide::Func z{"z"};            // the depth in metres
    Halide::Func points{"points"};  // the output

    Algorithm() {
        using namespace Halide;
        const float depth_scale = 0.001f, focal_ratio = 0.6f;  // = get_init_inputs()
        Expr W = depth.dim(0).extent(), H = depth.dim(1).extent();
        Expr f = focal_ratio * cast<float>(W);
        Expr cx = cast<float>(W - 1) / 2.0f, cy = cast<float>(H - 1) / 2.0f;
        z(u, v) = cast<float>(depth(u, v)) * depth_scale;
        Expr px = (cast<float>(u) - cx) * z(u, v) / f;
        Expr py = (cast<float>(v) - cy) * z(u, v) / f;
        points(k, u, v) = select(k == 0, px, k == 1, py, z(u, v));
    }

    ekb::Kernel kernel() { return {{depth}, {points}}; }
};

}  // namespace task
