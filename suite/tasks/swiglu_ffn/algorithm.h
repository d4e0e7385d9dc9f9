// Halide reference algorithm for task `swiglu_ffn`: the SwiGLU MLP,
// y = (silu(x W1^T) * (x W3^T)) W2^T with silu(g) = g / (1 + exp(-g)), float32.
// Halide dimension 0 is the last PyTorch dimension: x(k, t) is x[t, k], W1(k, f) is W1[f, k],
// W2(f, k) is W2[k, f], y(k, t) is y[t, k].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    Halide::ImageParam x{Halide::Float(32), 2, "x"};    // [T, D]
    Halide::ImageParam W1{Halide::Float(32), 2, "W1"};  // [F, D] gate_proj
    Halide::ImageParam W3{Halide::Float(32), 2, "W3"};  // [F, D] up_proj
    Halide::ImageParam W2{Halide::Float(32), 2, "W2"};  // [D, F] down_proj
    Halide::Var k{"k"}, f{"f"}, t{"t"};  // k model features (D), f hidden features (F), t tokens
    Halide::RDom rk;                     // over the model features (D), reduced by gate and up
    Halide::RDom rf;                     // over the hidden features (F), reduced by down
    Halide::Func gate{"gate"};      // x W1^T
    Halide::Func up{"up"};          // x W3^T
    Halide::Func hidden{"hidden"};  // silu(gate) * up
    Halide::Func down{"down"};      // hidden W2^T
    Halide::Func y{"y"};            // the output

    Algorithm() {
        rk = Halide::RDom(0, x.dim(0).extent(), "rk");
        rf = Halide::RDom(0, W1.dim(1).extent(), "rf");
        gate(f, t) = 0.0f;
        gate(f, t) += x(rk, t) * W1(rk, f);
        up(f, t) = 0.0f;
        up(f, t) += x(rk, t) * W3(rk, f);
        hidden(f, t) = gate(f, t) / (1.0f + Halide::exp(-gate(f, t))) * up(f, t);
        down(k, t) = 0.0f;
        down(k, t) += hidden(rf, t) * W2(rf, k);
        y(k, t) = down(k, t);
    }

    ekb::Kernel kernel() { return {{x, W1, W3, W2}, {y}}; }
};

}  // namespace task
