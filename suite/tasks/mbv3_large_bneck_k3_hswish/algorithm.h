// Halide reference algorithm for task `mbv3_large_bneck_k3_hswish`: the stride-1 3x3
// MobileNetV3 bneck without SE, with h-swish and the residual (batch norm folded).
//   h1 = hswish(conv1x1(x, w_expand) + b_expand)         C -> E channels
//   h2 = hswish(depthwise3x3(h1, w_dw, pad 1) + b_dw)    per channel, stride 1
//   y  = conv1x1(h2, w_project) + b_project + x          E -> C channels, linear
// hswish(v) = v * clamp(v + 3, 0, 6) / 6.
// Halide dimension 0 is the last PyTorch dimension: x(col, row, c, n) is x[n, c, row, col].
#pragma once
#include <ekb/kernel.h>

namespace task {

inline Halide::Expr hswish(Halide::Expr v) { return v * Halide::clamp(v + 3.0f, 0.0f, 6.0f) / 6.0f; }

struct Algorithm {
    Halide::ImageParam x{Halide::Float(32), 4, "x"};                  // [1, C, H, W]
    Halide::ImageParam w_expand{Halide::Float(32), 4, "w_expand"};    // [E, C, 1, 1]
    Halide::ImageParam b_expand{Halide::Float(32), 1, "b_expand"};    // [E]
    Halide::ImageParam w_dw{Halide::Float(32), 4, "w_dw"};            // [E, 1, 3, 3]
    Halide::ImageParam b_dw{Halide::Float(32), 1, "b_dw"};            // [E]
    Halide::ImageParam w_project{Halide::Float(32), 4, "w_project"};  // [C, E, 1, 1]
    Halide::ImageParam b_project{Halide::Float(32), 1, "b_project"};  // [C]
    // col: W (dim 0), row: H (dim 1), c: the channel (E in the expanded stages, C outside),
    // n: the batch (dim 3, extent 1).
    Halide::Var col{"col"}, row{"row"}, c{"c"}, n{"n"};
    Halide::RDom rc;  // the input channels of the expand conv (C)
    Halide::RDom rk;  // the 3x3 depthwise taps: rk.x over columns, rk.y over rows
    Halide::RDom re;  // the expanded channels reduced by the project conv (E)
    Halide::Func expand{"expand"};        // conv1x1(x, w_expand): the reduction over rc
    Halide::Func h1{"h1"};                // hswish(expand + b_expand)
    Halide::Func h1_padded{"h1_padded"};  // h1, zero outside [0, W) x [0, H) (the pad of 1)
    Halide::Func dw{"dw"};                // depthwise3x3(h1_padded, w_dw): the reduction over rk
    Halide::Func h2{"h2"};                // hswish(dw + b_dw)
    Halide::Func project{"project"};      // conv1x1(h2, w_project): the reduction over re
    Halide::Func y{"y"};                  // project + b_project + x: the output

    Algorithm() {
        using Halide::clamp;
        Halide::Expr W = x.dim(0).extent(), H = x.dim(1).extent();
        rc = Halide::RDom(0, x.dim(2).extent(), "rc");
        rk = Halide::RDom(0, 3, 0, 3, "rk");
        re = Halide::RDom(0, w_project.dim(2).extent(), "re");

        expand(col, row, c, n) = 0.0f;
        expand(col, row, c, n) += w_expand(0, 0, rc, c) * x(col, row, rc, n);
        h1(col, row, c, n) = hswish(expand(col, row, c, n) + b_expand(c));

        // Zero padding over the spatial dimensions only.
        h1_padded(col, row, c, n) =
            Halide::BoundaryConditions::constant_exterior(h1, 0.0f, {{0, W}, {0, H}})(col, row, c, n);

        dw(col, row, c, n) = 0.0f;
        dw(col, row, c, n) += w_dw(rk.x, rk.y, 0, c) * h1_padded(col + rk.x - 1, row + rk.y - 1, c, n);
        h2(col, row, c, n) = hswish(dw(col, row, c, n) + b_dw(c));

        project(col, row, c, n) = 0.0f;
        project(col, row, c, n) += w_project(0, 0, re, c) * h2(col, row, re, n);
        y(col, row, c, n) = project(col, row, c, n) + b_project(c) + x(col, row, c, n);
    }

    ekb::Kernel kernel() { return {{x, w_expand, b_expand, w_dw, b_dw, w_project, b_project}, {y}}; }
};

}  // namespace task
