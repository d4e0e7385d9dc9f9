// Halide reference algorithm for task `lenet5`: LeNet-5 in its modern form (ReLU, 2x2 max
// pooling), the whole network:
//   relu1 = ReLU(conv5x5(x, w1) + b1)       [B, C1, H-4, W-4]     (valid conv, 1 input channel)
//   pool1 = maxpool2x2(relu1)               [B, C1, P1, Q1]       P1 = (H-4)/2, Q1 = (W-4)/2
//   relu2 = ReLU(conv5x5(pool1, w2) + b2)   [B, C2, P1-4, Q1-4]
//   pool2 = maxpool2x2(relu2)               [B, C2, P2, Q2]       P2 = (P1-4)/2, Q2 = (Q1-4)/2
//   fc1 = ReLU(w3 flatten(pool2) + b3)      [B, F1]   flatten index c*P2*Q2 + py*Q2 + px (torch)
//   fc2 = ReLU(w4 fc1 + b4)                 [B, F2]
//   y = w5 fc2 + b5                         [B, K]    logits
// Halide dimension 0 is the last PyTorch dimension: x(col, row, 0, n) is x[n, 0, row, col],
// w1(kx, ky, 0, k) is w1[k, 0, ky, kx], w3(i, o) is w3[o, i].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    Halide::ImageParam x{Halide::Float(32), 4, "x"};    // [B, 1, H, W]
    Halide::ImageParam w1{Halide::Float(32), 4, "w1"};  // [C1, 1, 5, 5]
    Halide::ImageParam b1{Halide::Float(32), 1, "b1"};  // [C1]
    Halide::ImageParam w2{Halide::Float(32), 4, "w2"};  // [C2, C1, 5, 5]
    Halide::ImageParam b2{Halide::Float(32), 1, "b2"};  // [C2]
    Halide::ImageParam w3{Halide::Float(32), 2, "w3"};  // [F1, C2*P2*Q2]
    Halide::ImageParam b3{Halide::Float(32), 1, "b3"};  // [F1]
    Halide::ImageParam w4{Halide::Float(32), 2, "w4"};  // [F2, F1]
    Halide::ImageParam b4{Halide::Float(32), 1, "b4"};  // [F2]
    Halide::ImageParam w5{Halide::Float(32), 2, "w5"};  // [K, F2]
    Halide::ImageParam b5{Halide::Float(32), 1, "b5"};  // [K]
    Halide::Var col{"col"}, row{"row"}, c{"c"}, n{"n"};  // conv stages: (col, row, channel, batch)
    Halide::Var o{"o"};                                  // fc stages: (o, n), o the output feature
    Halide::RDom r1;  // conv1 taps: r1.x kx, r1.y ky
    Halide::RDom r2;  // conv2: r2.x kx, r2.y ky, r2.z the C1 input channels
    Halide::RDom rp;  // the 2x2 pooling window
    Halide::RDom r3;  // fc1 inputs: r3.x px (Q2), r3.y py (P2), r3.z channel (C2)
    Halide::RDom r4;  // fc2 inputs (F1)
    Halide::RDom r5;  // fc3 inputs (F2)
    Halide::Func conv1{"conv1"}, relu1{"relu1"}, pool1{"pool1"};
    Halide::Func conv2{"conv2"}, relu2{"relu2"}, pool2{"pool2"};
    Halide::Func fc1{"fc1"}, act1{"act1"}, fc2{"fc2"}, act2{"act2"}, fc3{"fc3"};
    Halide::Func y{"y"};  // the logits

    Algorithm() {
        using namespace Halide;
        Expr H = x.dim(1).extent(), W = x.dim(0).extent();
        Expr P1 = (H - 4) / 2, Q1 = (W - 4) / 2;
        Expr P2 = (P1 - 4) / 2, Q2 = (Q1 - 4) / 2;
        r1 = RDom(0, 5, 0, 5, "r1");
        r2 = RDom(0, 5, 0, 5, 0, w2.dim(2).extent(), "r2");
        rp = RDom(0, 2, 0, 2, "rp");
        r3 = RDom(0, Q2, 0, P2, 0, w2.dim(3).extent(), "r3");
        r4 = RDom(0, w4.dim(0).extent(), "r4");
        r5 = RDom(0, w5.dim(0).extent(), "r5");

        conv1(col, row, c, n) = b1(c);
        conv1(col, row, c, n) += w1(r1.x, r1.y, 0, c) * x(col + r1.x, row + r1.y, 0, n);
        relu1(col, row, c, n) = max(conv1(col, row, c, n), 0.0f);
        pool1(col, row, c, n) = maximum(relu1(2 * col + rp.x, 2 * row + rp.y, c, n));

        conv2(col, row, c, n) = b2(c);
        conv2(col, row, c, n) += w2(r2.x, r2.y, r2.z, c) * pool1(col + r2.x, row + r2.y, r2.z, n);
        relu2(col, row, c, n) = max(conv2(col, row, c, n), 0.0f);
        pool2(col, row, c, n) = maximum(relu2(2 * col + rp.x, 2 * row + rp.y, c, n));

        fc1(o, n) = b3(o);
        fc1(o, n) += w3(r3.z * (P2 * Q2) + r3.y * Q2 + r3.x, o) * pool2(r3.x, r3.y, r3.z, n);
        act1(o, n) = max(fc1(o, n), 0.0f);
        fc2(o, n) = b4(o);
        fc2(o, n) += w4(r4, o) * act1(r4, n);
        act2(o, n) = max(fc2(o, n), 0.0f);
        fc3(o, n) = b5(o);
        fc3(o, n) += w5(r5, o) * act2(r5, n);
        y(o, n) = fc3(o, n);
    }

    ekb::Kernel kernel() { return {{x, w1, b1, w2, b2, w3, b3, w4, b4, w5, b5}, {y}}; }
};

}  // namespace task
