// Halide reference algorithm for task `pointnet_features`: PointNet's shared MLP over the
// points (three 1x1 convolutions with bias and ReLU, batch norm folded), then a max pool
// over the points.
//   h1 = ReLU(w1 x + b1)    3 -> 64 channels, per point
//   h2 = ReLU(w2 h1 + b2)   64 -> 64
//   h3 = ReLU(w3 h2 + b3)   64 -> 128
//   feat = max over the points of h3
// Halide dimension 0 is the last PyTorch dimension: x(n, c, b) is x[b, c, n], w1(0, ci, co)
// is w1[co, ci, 0] and feat(c, b) is feat[b, c].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    Halide::ImageParam x{Halide::Float(32), 3, "x"};    // [1, 3, N]
    Halide::ImageParam w1{Halide::Float(32), 3, "w1"};  // [64, 3, 1]
    Halide::ImageParam b1{Halide::Float(32), 1, "b1"};  // [64]
    Halide::ImageParam w2{Halide::Float(32), 3, "w2"};  // [64, 64, 1]
    Halide::ImageParam b2{Halide::Float(32), 1, "b2"};  // [64]
    Halide::ImageParam w3{Halide::Float(32), 3, "w3"};  // [128, 64, 1]
    Halide::ImageParam b3{Halide::Float(32), 1, "b3"};  // [128]
    Halide::Var n{"n"}, c{"c"}, b{"b"};  // point, channel, batch (extent 1)
    Halide::RDom r1, r2, r3;             // the input channels of each conv (3, 64, 64)
    Halide::RDom rn;                     // the points, reduced by the max pool
    Halide::Func conv1{"conv1"}, h1{"h1"};  // w1 x; ReLU(conv1 + b1)
    Halide::Func conv2{"conv2"}, h2{"h2"};  // w2 h1; ReLU(conv2 + b2)
    Halide::Func conv3{"conv3"}, h3{"h3"};  // w3 h2; ReLU(conv3 + b3)
    Halide::Func feat{"feat"};              // the output: max over the points of h3

    Algorithm() {
        using namespace Halide;
        r1 = RDom(0, x.dim(1).extent(), "r1");
        r2 = RDom(0, w2.dim(1).extent(), "r2");
        r3 = RDom(0, w3.dim(1).extent(), "r3");
        rn = RDom(0, x.dim(0).extent(), "rn");
        conv1(n, c, b) = 0.0f;
        conv1(n, c, b) += w1(0, r1, c) * x(n, r1, b);
        h1(n, c, b) = max(conv1(n, c, b) + b1(c), 0.0f);
        conv2(n, c, b) = 0.0f;
        conv2(n, c, b) += w2(0, r2, c) * h1(n, r2, b);
        h2(n, c, b) = max(conv2(n, c, b) + b2(c), 0.0f);
        conv3(n, c, b) = 0.0f;
        conv3(n, c, b) += w3(0, r3, c) * h2(n, r3, b);
        h3(n, c, b) = max(conv3(n, c, b) + b3(c), 0.0f);
        feat(c, b) = Float(32).min();
        feat(c, b) = max(feat(c, b), h3(rn, c, b));
    }

    ekb::Kernel kernel() { return {{x, w1, b1, w2, b2, w3, b3}, {feat}}; }
};

}  // namespace task
