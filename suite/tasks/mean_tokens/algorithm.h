// Halide reference algorithm for task `mean_tokens`: the mean over the token axis of x [T, D]
// (sentence-embedding mean pooling), float32.
// Halide dimension 0 is the last PyTorch dimension: x(d, t) is x[t, d].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    Halide::ImageParam x{Halide::Float(32), 2, "x"};  // [T, D]
    Halide::Var d{"d"};       // y[d]: one hidden feature (D)
    Halide::RDom k;           // over the tokens (rows)
    Halide::Func acc{"acc"};  // the running sum of column d
    Halide::Func y{"y"};  // the output: acc / T

    Algorithm() {
        using namespace Halide;
        k = RDom(0, x.dim(1).extent(), "k");
        acc(d) = 0.0f;
        acc(d) = acc(d) + x(d, k);
        y(d) = acc(d) / cast<float>(x.dim(1).extent());
    }

    ekb::Kernel kernel() { return {{x}, {y}}; }
};

}  // namespace task
