// Halide reference algorithm for task `dscnn_kws`: the DS-CNN keyword-spotting network of
// MLPerf Tiny (Zhang et al. 2017) with 2 depthwise-separable blocks, batch norm folded:
//   a1 = ReLU(conv2d(x, w1, 10x4, stride 2, pad (5, 1)) + b1)            1 -> C channels
//   per block i = 1, 2:
//     d_i = ReLU(depthwise3x3(a_i, pad 1) + dw_b_i)                      per channel
//     a_{i+1} = ReLU(conv1x1(d_i, pw_w_i) + pw_b_i)                      C -> C channels
//   pool = mean of a3 over (H1, W1);  logits = fc_w pool + fc_b          C -> N classes
// with H1 = H/2 + 1, W1 = W/2 (the conv1 output).
// Halide dimension 0 is the last PyTorch dimension: x(col, row, c, n) is x[n, c, row, col],
// w1(kx, ky, 0, c) is w1[c, 0, ky, kx], logits(k, n) is logits[n, k].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    Halide::ImageParam x{Halide::Float(32), 4, "x"};          // [1, 1, H, W] MFCC frames x coeffs
    Halide::ImageParam w1{Halide::Float(32), 4, "w1"};        // [C, 1, 10, 4]
    Halide::ImageParam b1{Halide::Float(32), 1, "b1"};        // [C]
    Halide::ImageParam dw1_w{Halide::Float(32), 4, "dw1_w"};  // [C, 1, 3, 3]
    Halide::ImageParam dw1_b{Halide::Float(32), 1, "dw1_b"};  // [C]
    Halide::ImageParam pw1_w{Halide::Float(32), 4, "pw1_w"};  // [C, C, 1, 1]
    Halide::ImageParam pw1_b{Halide::Float(32), 1, "pw1_b"};  // [C]
    Halide::ImageParam dw2_w{Halide::Float(32), 4, "dw2_w"};  // [C, 1, 3, 3]
    Halide::ImageParam dw2_b{Halide::Float(32), 1, "dw2_b"};  // [C]
    Halide::ImageParam pw2_w{Halide::Float(32), 4, "pw2_w"};  // [C, C, 1, 1]
    Halide::ImageParam pw2_b{Halide::Float(32), 1, "pw2_b"};  // [C]
    Halide::ImageParam fc_w{Halide::Float(32), 2, "fc_w"};    // [N, C]
    Halide::ImageParam fc_b{Halide::Float(32), 1, "fc_b"};    // [N]
    // col: W1 (dim 0), row: H1 (dim 1), c: the channel, n: the batch (extent 1); k: the class.
    Halide::Var col{"col"}, row{"row"}, c{"c"}, n{"n"}, k{"k"};
    Halide::RDom r1;   // the 10x4 taps of conv1: r1.x over columns (4), r1.y over rows (10)
    Halide::RDom rk;   // the 3x3 depthwise taps: rk.x over columns, rk.y over rows
    Halide::RDom rc;   // the input channels of the pointwise convs and of the FC (C)
    Halide::RDom rp;   // the pixels of the pool: rp.x over columns (W1), rp.y over rows (H1)
    Halide::Func x_padded{"x_padded"};  // x, zero outside [0, W) x [0, H)
    Halide::Func conv1{"conv1"};        // conv2d(x, w1, stride 2): the reduction over r1
    Halide::Func a1{"a1"};              // ReLU(conv1 + b1)
    Halide::Func a1_padded{"a1_padded"};  // a1, zero outside [0, W1) x [0, H1)
    Halide::Func dw1{"dw1"};              // depthwise3x3(a1_padded): the reduction over rk
    Halide::Func d1{"d1"};                // ReLU(dw1 + dw1_b)
    Halide::Func pw1{"pw1"};              // conv1x1(d1, pw1_w): the reduction over rc
    Halide::Func a2{"a2"};                // ReLU(pw1 + pw1_b)
    Halide::Func a2_padded{"a2_padded"};  // a2, zero outside [0, W1) x [0, H1)
    Halide::Func dw2{"dw2"};              // depthwise3x3(a2_padded)
    Halide::Func d2{"d2"};                // ReLU(dw2 + dw2_b)
    Halide::Func pw2{"pw2"};              // conv1x1(d2, pw2_w)
    Halide::Func a3{"a3"};                // ReLU(pw2 + pw2_b)
    Halide::Func pool_sum{"pool_sum"};    // sum of a3 over the pixels: the reduction over rp
    Halide::Func pool{"pool"};            // pool_sum / (H1 W1): the global average pool
    Halide::Func fc{"fc"};                // fc_w pool: the reduction over rc
    Halide::Func logits{"logits"};        // fc + fc_b: the output

    Algorithm() {
        using namespace Halide;
        Expr W = x.dim(0).extent(), H = x.dim(1).extent();
        Expr W1 = W / 2, H1 = H / 2 + 1;
        r1 = RDom(0, 4, 0, 10, "r1");
        rk = RDom(0, 3, 0, 3, "rk");
        rc = RDom(0, w1.dim(3).extent(), "rc");
        rp = RDom(0, W1, 0, H1, "rp");

        x_padded(col, row, c, n) =
            BoundaryConditions::constant_exterior(x, 0.0f, {{0, W}, {0, H}})(col, row, c, n);
        conv1(col, row, c, n) = 0.0f;
        conv1(col, row, c, n) +=
            w1(r1.x, r1.y, 0, c) * x_padded(2 * col + r1.x - 1, 2 * row + r1.y - 5, 0, n);
        a1(col, row, c, n) = max(conv1(col, row, c, n) + b1(c), 0.0f);

        a1_padded(col, row, c, n) =
            BoundaryConditions::constant_exterior(a1, 0.0f, {{0, W1}, {0, H1}})(col, row, c, n);
        dw1(col, row, c, n) = 0.0f;
        dw1(col, row, c, n) +=
            dw1_w(rk.x, rk.y, 0, c) * a1_padded(col + rk.x - 1, row + rk.y - 1, c, n);
        d1(col, row, c, n) = max(dw1(col, row, c, n) + dw1_b(c), 0.0f);
        pw1(col, row, c, n) = 0.0f;
        pw1(col, row, c, n) += pw1_w(0, 0, rc, c) * d1(col, row, rc, n);
        a2(col, row, c, n) = max(pw1(col, row, c, n) + pw1_b(c), 0.0f);

        a2_padded(col, row, c, n) =
            BoundaryConditions::constant_exterior(a2, 0.0f, {{0, W1}, {0, H1}})(col, row, c, n);
        dw2(col, row, c, n) = 0.0f;
        dw2(col, row, c, n) +=
            dw2_w(rk.x, rk.y, 0, c) * a2_padded(col + rk.x - 1, row + rk.y - 1, c, n);
        d2(col, row, c, n) = max(dw2(col, row, c, n) + dw2_b(c), 0.0f);
        pw2(col, row, c, n) = 0.0f;
        pw2(col, row, c, n) += pw2_w(0, 0, rc, c) * d2(col, row, rc, n);
        a3(col, row, c, n) = max(pw2(col, row, c, n) + pw2_b(c), 0.0f);

        pool_sum(c, n) = 0.0f;
        pool_sum(c, n) += a3(rp.x, rp.y, c, n);
        pool(c, n) = pool_sum(c, n) / cast<float>(W1 * H1);
        fc(k, n) = 0.0f;
        fc(k, n) += fc_w(rc, k) * pool(rc, n);
        logits(k, n) = fc(k, n) + fc_b(k);
    }

    ekb::Kernel kernel() {
        return {{x, w1, b1, dw1_w, dw1_b, pw1_w, pw1_b, dw2_w, dw2_b, pw2_w, pw2_b, fc_w, fc_b},
                {logits}};
    }
};

}  // namespace task
