// Halide reference algorithm for task `ghostnet_ghost_module`: the GhostNet Ghost module
// (ratio 2, cheap operation a depthwise 3x3, ReLU; batch norm folded).
//   p = ReLU(conv1x1(x, w_p) + b_p)                 C -> M channels
//   g = ReLU(depthwise3x3(p, w_c, pad 1) + b_c)     M -> M
//   y = cat[p, g] along the channels                2M
// Halide dimension 0 is the last PyTorch dimension: x(col, row, c, n) is x[n, c, row, col].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    Halide::ImageParam x{Halide::Float(32), 4, "x"};      // [1, C, H, W]
    Halide::ImageParam w_p{Halide::Float(32), 4, "w_p"};  // [M, C, 1, 1]
    Halide::ImageParam b_p{Halide::Float(32), 1, "b_p"};  // [M]
    Halide::ImageParam w_c{Halide::Float(32), 4, "w_c"};  // [M, 1, 3, 3]
    Halide::ImageParam b_c{Halide::Float(32), 1, "b_c"};  // [M]
    Halide::Var col{"col"}, row{"row"}, c{"c"}, n{"n"};
    Halide::RDom rc;  // the C input channels of the primary conv
    Halide::RDom rk;  // the 3x3 depthwise taps
    Halide::Func primary{"primary"};    // conv1x1(x, w_p): the reduction over rc
    Halide::Func p{"p"};                // ReLU(primary + b_p)
    Halide::Func p_padded{"p_padded"};  // p, zero outside [0, W) x [0, H) (the pad of 1)
    Halide::Func cheap{"cheap"};        // depthwise3x3(p_padded, w_c): the reduction over rk
    Halide::Func g{"g"};                // ReLU(cheap + b_c)
    Halide::Func y{"y"};                // cat[p, g]: the output

    Algorithm() {
        using namespace Halide;
        Expr W = x.dim(0).extent(), H = x.dim(1).extent(), M = w_p.dim(3).extent();
        rc = RDom(0, x.dim(2).extent(), "rc");
        rk = RDom(0, 3, 0, 3, "rk");
        primary(col, row, c, n) = 0.0f;
        primary(col, row, c, n) += w_p(0, 0, rc, c) * x(col, row, rc, n);
        p(col, row, c, n) = max(primary(col, row, c, n) + b_p(c), 0.0f);
        p_padded(col, row, c, n) = BoundaryConditions::constant_exterior(p, 0.0f, {{0, W}, {0, H}})(col, row, c, n);
        cheap(col, row, c, n) = 0.0f;
        cheap(col, row, c, n) += w_c(rk.x, rk.y, 0, c) * p_padded(col + rk.x - 1, row + rk.y - 1, c, n);
        g(col, row, c, n) = max(cheap(col, row, c, n) + b_c(c), 0.0f);
        // Channel indices clamped so that each branch is only evaluated on its own M channels.
        y(col, row, c, n) = select(c < M, p(col, row, min(c, M - 1), n), g(col, row, max(c - M, 0), n));
    }

    ekb::Kernel kernel() { return {{x, w_p, b_p, w_c, b_c}, {y}}; }
};

}  // namespace task
