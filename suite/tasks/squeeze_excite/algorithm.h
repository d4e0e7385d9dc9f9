// Halide reference algorithm for task `squeeze_excite`: the MobileNetV3 squeeze-and-excite
// module.
//   pooled = mean over (H, W) of x                  [C]
//   s1 = ReLU(conv1x1(pooled, w1) + b1)             C -> R
//   gate = hardsigmoid(conv1x1(s1, w2) + b2)        R -> C, hardsigmoid(v) = relu6(v + 3) / 6
//   y = x * gate                                    per channel
// Halide dimension 0 is the last PyTorch dimension: x(col, row, c, n) is x[n, c, row, col],
// w1(0, 0, c, r) is w1[r, c, 0, 0], w2(0, 0, r, c) is w2[c, r, 0, 0].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    Halide::ImageParam x{Halide::Float(32), 4, "x"};    // [1, C, H, W]
    Halide::ImageParam w1{Halide::Float(32), 4, "w1"};  // [R, C, 1, 1]
    Halide::ImageParam b1{Halide::Float(32), 1, "b1"};  // [R]
    Halide::ImageParam w2{Halide::Float(32), 4, "w2"};  // [C, R, 1, 1]
    Halide::ImageParam b2{Halide::Float(32), 1, "b2"};  // [C]
    // col: W (dim 0), row: H (dim 1), c: the channel (C, or R in fc1 and s1), n: the batch
    // (dim 3, extent 1).
    Halide::Var col{"col"}, row{"row"}, c{"c"}, n{"n"};
    Halide::RDom rxy;  // the spatial positions pooled: rxy.x over columns, rxy.y over rows
    Halide::RDom rc;   // the C channels reduced by fc1
    Halide::RDom rr;   // the R channels reduced by fc2
    Halide::Func pool_sum{"pool_sum"};  // sum over (H, W) of x: the reduction over rxy
    Halide::Func pooled{"pooled"};      // pool_sum / (H * W): the global average
    Halide::Func fc1{"fc1"};            // conv1x1(pooled, w1): the reduction over rc
    Halide::Func s1{"s1"};              // ReLU(fc1 + b1)
    Halide::Func fc2{"fc2"};            // conv1x1(s1, w2): the reduction over rr
    Halide::Func gate{"gate"};          // hardsigmoid(fc2 + b2)
    Halide::Func y{"y"};                // x * gate: the output

    Algorithm() {
        using namespace Halide;
        Expr W = x.dim(0).extent(), H = x.dim(1).extent();
        rxy = RDom(0, W, 0, H, "rxy");
        rc = RDom(0, x.dim(2).extent(), "rc");
        rr = RDom(0, w1.dim(3).extent(), "rr");

        pool_sum(c, n) = 0.0f;
        pool_sum(c, n) += x(rxy.x, rxy.y, c, n);
        pooled(c, n) = pool_sum(c, n) / cast<float>(W * H);

        fc1(c, n) = 0.0f;
        fc1(c, n) += w1(0, 0, rc, c) * pooled(rc, n);
        s1(c, n) = max(fc1(c, n) + b1(c), 0.0f);

        fc2(c, n) = 0.0f;
        fc2(c, n) += w2(0, 0, rr, c) * s1(rr, n);
        gate(c, n) = clamp(fc2(c, n) + b2(c) + 3.0f, 0.0f, 6.0f) / 6.0f;

        y(col, row, c, n) = x(col, row, c, n) * gate(c, n);
    }

    ekb::Kernel kernel() { return {{x, w1, b1, w2, b2}, {y}}; }
};

}  // namespace task
