// Halide reference algorithm for task `centernet_heatmap_nms`: CenterNet's sigmoid and 3x3
// max-pool NMS of the class heatmaps.
//   heat = clamp(sigmoid(x), 1e-4, 1 - 1e-4)
//   y    = x == max over the 3x3 neighbourhood of x (padding -inf) ? heat : 0
// Halide dimension 0 is the last PyTorch dimension: x(col, row, c, n) is x[n, c, row, col].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    Halide::ImageParam x{Halide::Float(32), 4, "x"};  // [1, NC, H, W]
    Halide::Var col{"col"}, row{"row"}, c{"c"}, n{"n"};
    Halide::RDom rk;  // the 3x3 window
    Halide::Func x_padded{"x_padded"};  // x, the lowest float outside the map (as -inf for finite x)
    Halide::Func hmax{"hmax"};          // max over the 3x3 window
    Halide::Func y{"y"};                // the output

    Algorithm() {
        using namespace Halide;
        Expr W = x.dim(0).extent(), H = x.dim(1).extent();
        rk = RDom(0, 3, 0, 3, "rk");
        x_padded(col, row, c, n) =
            BoundaryConditions::constant_exterior(x, Float(32).min(), {{0, W}, {0, H}})(col, row, c, n);
        hmax(col, row, c, n) = Float(32).min();
        hmax(col, row, c, n) = max(hmax(col, row, c, n), x_padded(col + rk.x - 1, row + rk.y - 1, c, n));
        Expr v = x(col, row, c, n);
        Expr heat = clamp(1.0f / (1.0f + exp(-v)), 1e-4f, 1.0f - 1e-4f);
        y(col, row, c, n) = select(hmax(col, row, c, n) == v, heat, 0.0f);
    }

    ekb::Kernel kernel() { return {{x}, {y}}; }
};

}  // namespace task
