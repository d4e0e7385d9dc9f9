// Halide reference algorithm for task `sppf_block`: the SPPF module of YOLOv5n/YOLOv8n
// (batch norm folded).
//   h  = SiLU(conv1x1(x, w1) + b1)                              C -> Ch channels
//   p1 = maxpool5x5(h), p2 = maxpool5x5(p1), p3 = maxpool5x5(p2)  stride 1, pad 2
//   y  = SiLU(conv1x1(cat[h, p1, p2, p3], w2) + b2)             4*Ch -> Co channels
// The concat is never materialized: the second conv reads the four maps directly, input
// channel g*Ch + k of w2 weighting map g at channel k.
// Halide dimension 0 is the last PyTorch dimension: x(col, row, c, n) is x[n, c, row, col].
#pragma once
#include <ekb/kernel.h>

namespace task {

constexpr int kPool = 5;  // the pool window (k = 5 in SPPF), padding kPool / 2

struct Algorithm {
    Halide::ImageParam x{Halide::Float(32), 4, "x"};    // [1, C, H, W]
    Halide::ImageParam w1{Halide::Float(32), 4, "w1"};  // [Ch, C, 1, 1]
    Halide::ImageParam b1{Halide::Float(32), 1, "b1"};  // [Ch]
    Halide::ImageParam w2{Halide::Float(32), 4, "w2"};  // [Co, 4*Ch, 1, 1]
    Halide::ImageParam b2{Halide::Float(32), 1, "b2"};  // [Co]
    Halide::Var col{"col"}, row{"row"}, c{"c"}, n{"n"};
    Halide::RDom rc;  // the C input channels of cv1
    Halide::RDom rp;  // the 5x5 pool window: rp.x over columns, rp.y over rows
    Halide::RDom rh;  // the Ch channels of each of the four concatenated maps (cv2)
    Halide::Func conv1{"conv1"};  // conv1x1(x, w1): the reduction over rc
    Halide::Func h{"h"};          // SiLU(conv1 + b1)
    Halide::Func p1{"p1"}, p2{"p2"}, p3{"p3"};  // the cascaded 5x5 max pools
    Halide::Func conv2{"conv2"};  // conv1x1(cat[h, p1, p2, p3], w2): the reduction over rh
    Halide::Func y{"y"};          // SiLU(conv2 + b2): the output

    static Halide::Expr silu(Halide::Expr v) { return v / (1.0f + Halide::exp(-v)); }

    // A 5x5 stride-1 max pool of f with padding 2 (the padding is -FLT_MAX: never selected,
    // since the window's centre is always inside).
    void pool(Halide::Func out, Halide::Func in, Halide::Expr W, Halide::Expr H) {
        Halide::Func padded = Halide::BoundaryConditions::constant_exterior(
            in, Halide::Float(32).min(), {{0, W}, {0, H}});
        out(col, row, c, n) = Halide::Float(32).min();
        out(col, row, c, n) = Halide::max(out(col, row, c, n),
                                          padded(col + rp.x - kPool / 2, row + rp.y - kPool / 2, c, n));
    }

    Algorithm() {
        using namespace Halide;
        Expr W = x.dim(0).extent(), H = x.dim(1).extent();
        Expr Ch = w1.dim(3).extent();
        rc = RDom(0, x.dim(2).extent(), "rc");
        rp = RDom(0, kPool, 0, kPool, "rp");
        rh = RDom(0, Ch, "rh");

        conv1(col, row, c, n) = 0.0f;
        conv1(col, row, c, n) += w1(0, 0, rc, c) * x(col, row, rc, n);
        h(col, row, c, n) = silu(conv1(col, row, c, n) + b1(c));

        pool(p1, h, W, H);
        pool(p2, p1, W, H);
        pool(p3, p2, W, H);

        conv2(col, row, c, n) = 0.0f;
        conv2(col, row, c, n) += w2(0, 0, rh, c) * h(col, row, rh, n) +
                                 w2(0, 0, rh + Ch, c) * p1(col, row, rh, n) +
                                 w2(0, 0, rh + 2 * Ch, c) * p2(col, row, rh, n) +
                                 w2(0, 0, rh + 3 * Ch, c) * p3(col, row, rh, n);
        y(col, row, c, n) = silu(conv2(col, row, c, n) + b2(c));
    }

    ekb::Kernel kernel() { return {{x, w1, b1, w2, b2}, {y}}; }
};

}  // namespace task
