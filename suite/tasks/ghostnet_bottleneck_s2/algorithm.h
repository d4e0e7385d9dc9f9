// Halide reference algorithm for task `ghostnet_bottleneck_s2`: the stride-2 GhostNet
// bottleneck without SE (batch norm folded).
//   p1 = ReLU(conv1x1(x, w_p1) + b_p1)             C -> M, H x W
//   g1 = ReLU(depthwise3x3(p1, w_c1, pad 1) + b_c1)
//   h  = cat[p1, g1]                                2M channels
//   t  = depthwise3x3(h, w_dw, pad 1, stride 2) + b_dw          Ho x Wo = (H-1)/2+1 x (W-1)/2+1
//   p2 = conv1x1(t, w_p2) + b_p2                    2M -> O
//   g2 = depthwise3x3(p2, w_c2, pad 1) + b_c2
//   sd = depthwise3x3(x, w_sdw, pad 1, stride 2) + b_sdw         the shortcut, C channels
//   sc = conv1x1(sd, w_spw) + b_spw                 C -> 2O
//   y  = cat[p2, g2] + sc
// Halide dimension 0 is the last PyTorch dimension: x(col, row, c, n) is x[n, c, row, col].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    Halide::ImageParam x{Halide::Float(32), 4, "x"};          // [1, C, H, W]
    Halide::ImageParam w_p1{Halide::Float(32), 4, "w_p1"};    // [M, C, 1, 1]
    Halide::ImageParam b_p1{Halide::Float(32), 1, "b_p1"};    // [M]
    Halide::ImageParam w_c1{Halide::Float(32), 4, "w_c1"};    // [M, 1, 3, 3]
    Halide::ImageParam b_c1{Halide::Float(32), 1, "b_c1"};    // [M]
    Halide::ImageParam w_dw{Halide::Float(32), 4, "w_dw"};    // [2M, 1, 3, 3]
    Halide::ImageParam b_dw{Halide::Float(32), 1, "b_dw"};    // [2M]
    Halide::ImageParam w_p2{Halide::Float(32), 4, "w_p2"};    // [O, 2M, 1, 1]
    Halide::ImageParam b_p2{Halide::Float(32), 1, "b_p2"};    // [O]
    Halide::ImageParam w_c2{Halide::Float(32), 4, "w_c2"};    // [O, 1, 3, 3]
    Halide::ImageParam b_c2{Halide::Float(32), 1, "b_c2"};    // [O]
    Halide::ImageParam w_sdw{Halide::Float(32), 4, "w_sdw"};  // [C, 1, 3, 3]
    Halide::ImageParam b_sdw{Halide::Float(32), 1, "b_sdw"};  // [C]
    Halide::ImageParam w_spw{Halide::Float(32), 4, "w_spw"};  // [2O, C, 1, 1]
    Halide::ImageParam b_spw{Halide::Float(32), 1, "b_spw"};  // [2O]
    Halide::Var col{"col"}, row{"row"}, c{"c"}, n{"n"};
    Halide::RDom rc;  // the C input channels of the primary conv p1
    Halide::RDom rk;  // the 3x3 taps of every depthwise conv
    Halide::RDom rh;  // the 2M channels of h reduced by the primary conv p2
    Halide::RDom rs;  // the C channels of the shortcut reduced by its 1x1 conv
    Halide::Func conv_p1{"conv_p1"}, p1{"p1"}, p1_padded{"p1_padded"};
    Halide::Func conv_c1{"conv_c1"}, g1{"g1"};
    Halide::Func h{"h"}, h_padded{"h_padded"};        // cat[p1, g1]; zero outside the map
    Halide::Func conv_dw{"conv_dw"}, t{"t"};          // the stride-2 depthwise of h
    Halide::Func conv_p2{"conv_p2"}, p2{"p2"}, p2_padded{"p2_padded"};
    Halide::Func conv_c2{"conv_c2"}, g2{"g2"};
    Halide::Func x_padded{"x_padded"};                // x, zero outside the map
    Halide::Func conv_sdw{"conv_sdw"}, sd{"sd"};      // the shortcut's stride-2 depthwise
    Halide::Func conv_spw{"conv_spw"}, sc{"sc"};      // the shortcut's 1x1 conv
    Halide::Func y{"y"};                              // cat[p2, g2] + sc: the output

    Algorithm() {
        using namespace Halide;
        Expr W = x.dim(0).extent(), H = x.dim(1).extent();
        Expr Wo = (W - 1) / 2 + 1, Ho = (H - 1) / 2 + 1;
        Expr M = w_p1.dim(3).extent(), O = w_p2.dim(3).extent();
        rc = RDom(0, x.dim(2).extent(), "rc");
        rk = RDom(0, 3, 0, 3, "rk");
        rh = RDom(0, 2 * M, "rh");
        rs = RDom(0, x.dim(2).extent(), "rs");
        auto pad = [&](Func f, Expr w, Expr hh) {
            return BoundaryConditions::constant_exterior(f, 0.0f, {{0, w}, {0, hh}});
        };

        conv_p1(col, row, c, n) = 0.0f;
        conv_p1(col, row, c, n) += w_p1(0, 0, rc, c) * x(col, row, rc, n);
        p1(col, row, c, n) = max(conv_p1(col, row, c, n) + b_p1(c), 0.0f);
        p1_padded(col, row, c, n) = pad(p1, W, H)(col, row, c, n);
        conv_c1(col, row, c, n) = 0.0f;
        conv_c1(col, row, c, n) += w_c1(rk.x, rk.y, 0, c) * p1_padded(col + rk.x - 1, row + rk.y - 1, c, n);
        g1(col, row, c, n) = max(conv_c1(col, row, c, n) + b_c1(c), 0.0f);
        // Channel indices clamped so that each branch is only evaluated on its own M channels.
        h(col, row, c, n) = select(c < M, p1(col, row, min(c, M - 1), n), g1(col, row, max(c - M, 0), n));
        h_padded(col, row, c, n) = pad(h, W, H)(col, row, c, n);
        conv_dw(col, row, c, n) = 0.0f;
        conv_dw(col, row, c, n) += w_dw(rk.x, rk.y, 0, c) * h_padded(2 * col + rk.x - 1, 2 * row + rk.y - 1, c, n);
        t(col, row, c, n) = conv_dw(col, row, c, n) + b_dw(c);

        conv_p2(col, row, c, n) = 0.0f;
        conv_p2(col, row, c, n) += w_p2(0, 0, rh, c) * t(col, row, rh, n);
        p2(col, row, c, n) = conv_p2(col, row, c, n) + b_p2(c);
        p2_padded(col, row, c, n) = pad(p2, Wo, Ho)(col, row, c, n);
        conv_c2(col, row, c, n) = 0.0f;
        conv_c2(col, row, c, n) += w_c2(rk.x, rk.y, 0, c) * p2_padded(col + rk.x - 1, row + rk.y - 1, c, n);
        g2(col, row, c, n) = conv_c2(col, row, c, n) + b_c2(c);

        x_padded(col, row, c, n) = pad(x, W, H)(col, row, c, n);
        conv_sdw(col, row, c, n) = 0.0f;
        conv_sdw(col, row, c, n) += w_sdw(rk.x, rk.y, 0, c) * x_padded(2 * col + rk.x - 1, 2 * row + rk.y - 1, c, n);
        sd(col, row, c, n) = conv_sdw(col, row, c, n) + b_sdw(c);
        conv_spw(col, row, c, n) = 0.0f;
        conv_spw(col, row, c, n) += w_spw(0, 0, rs, c) * sd(col, row, rs, n);
        sc(col, row, c, n) = conv_spw(col, row, c, n) + b_spw(c);

        y(col, row, c, n) = select(c < O, p2(col, row, min(c, O - 1), n), g2(col, row, max(c - O, 0), n)) +
                            sc(col, row, c, n);
    }

    ekb::Kernel kernel() {
        return {{x, w_p1, b_p1, w_c1, b_c1, w_dw, b_dw, w_p2, b_p2, w_c2, b_c2, w_sdw, b_sdw, w_spw, b_spw}, {y}};
    }
};

}  // namespace task
