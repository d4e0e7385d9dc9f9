// Halide reference algorithm for task `dequant_matmul_int8w`: a weight-only int8 quantized
// linear layer at batch 1 (one decoded token), per-output-channel weight scales:
//   y[0, n] = (sum_k x[0, k] * float(W[n, k])) * scale[n] + bias[n]
// as gpt-fast's WeightOnlyInt8Linear: F.linear(x, W.to(float)) * scale, plus the bias.
// Halide dimension 0 is the last PyTorch dimension: x(k, m) is x[m, k], W(k, n) is W[n, k],
// y(n, m) is y[m, n].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    Halide::ImageParam x{Halide::Float(32), 2, "x"};          // [1, K]
    Halide::ImageParam W{Halide::Int(8), 2, "W"};             // [N, K]
    Halide::ImageParam scale{Halide::Float(32), 1, "scale"};  // [N]
    Halide::ImageParam bias{Halide::Float(32), 1, "bias"};    // [N]
    Halide::Var n{"n"}, m{"m"};  // y[m, n]: n output features, m the token (extent 1)
    Halide::RDom k;              // the input features
    Halide::Func dot{"dot"};  // sum_k x * float(W): the reduction against the int8 row
    Halide::Func y{"y"};      // dot * scale + bias: the output

    Algorithm() {
        k = Halide::RDom(0, x.dim(0).extent(), "k");
        dot(n, m) = 0.0f;
        dot(n, m) += x(k, m) * Halide::cast<float>(W(k, n));
        y(n, m) = dot(n, m) * scale(n) + bias(n);
    }

    ekb::Kernel kernel() { return {{x, W, scale, bias}, {y}}; }
};

}  // namespace task
