// Halide reference algorithm for task `softmax_temperature`: the sampling distribution of an
// LLM decode step, p = softmax(logits / T) over the vocabulary, numerically stable:
//   z = x / T;  p = exp(z - rowmax(z)) / sum(exp(z - rowmax(z)))
// Halide dimension 0 is the last PyTorch dimension: x(v, r) is x[r, v].
#pragma once
#include <ekb/kernel.h>

namespace task {

constexpr float temperature = 0.7f;  // = get_init_inputs() in reference.py

struct Algorithm {
    Halide::ImageParam x{Halide::Float(32), 2, "x"};  // [R, V]
    Halide::Var v{"v"}, r{"r"};                       // p[r, v]
    Halide::RDom k;                                   // over the vocabulary of a row
    Halide::Func z{"z"};              // x / T
    Halide::Func row_max{"row_max"};  // max of z over the row
    Halide::Func ex{"ex"};            // exp(z - row_max)
    Halide::Func row_sum{"row_sum"};  // sum of ex over the row
    Halide::Func p{"p"};              // the output: ex / row_sum

    Algorithm() {
        using namespace Halide;
        k = RDom(0, x.dim(0).extent(), "k");
        z(v, r) = x(v, r) / temperature;
        row_max(r) = z(0, r);
        row_max(r) = max(row_max(r), z(k, r));
        ex(v, r) = exp(z(v, r) - row_max(r));
        row_sum(r) = 0.0f;
        row_sum(r) += ex(k, r);
        p(v, r) = ex(v, r) / row_sum(r);
    }

    ekb::Kernel kernel() { return {{x}, {p}}; }
};

}  // namespace task
