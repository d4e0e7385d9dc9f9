// Halide reference algorithm for task `conformer_ffn_macaron`: the macaron half-step FFN of
// an ESPnet Conformer layer:
//   ln = LayerNorm(x) over the D features of a frame     (biased variance, eps 1e-12)
//   ff = swish(ln W1^T + b1)                             [T, F]
//   y  = x + 0.5 * (ff W2^T + b2)                        [T, D]
// Halide dimension 0 is the last PyTorch dimension: x(c, t) is x[t, c], W1(k, f) is W1[f, k].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    static constexpr float eps = 1e-12f;     // = get_init_inputs() in reference.py
    static constexpr float ff_scale = 0.5f;  // the macaron half step

    Halide::ImageParam x{Halide::Float(32), 2, "x"};        // [T, D]
    Halide::ImageParam ln_w{Halide::Float(32), 1, "ln_w"};  // [D]
    Halide::ImageParam ln_b{Halide::Float(32), 1, "ln_b"};  // [D]
    Halide::ImageParam W1{Halide::Float(32), 2, "W1"};      // [F, D]
    Halide::ImageParam b1{Halide::Float(32), 1, "b1"};      // [F]
    Halide::ImageParam W2{Halide::Float(32), 2, "W2"};      // [D, F]
    Halide::ImageParam b2{Halide::Float(32), 1, "b2"};      // [D]
    // c: a feature (D, or F in the hidden stages), t: a frame.
    Halide::Var c{"c"}, t{"t"};
    Halide::RDom rk;  // over the D features: the LayerNorm and W1
    Halide::RDom rf;  // over the F hidden features: W2
    Halide::Func sum{"sum"}, mean{"mean"};        // LayerNorm: row sum and mean
    Halide::Func sum_sq{"sum_sq"}, rstd{"rstd"};  // sum of squared deviations, 1/sqrt(var + eps)
    Halide::Func ln{"ln"};                        // the normalized, scaled and shifted rows
    Halide::Func f1_dot{"f1_dot"};                // ln W1^T
    Halide::Func ff{"ff"};                        // swish(f1_dot + b1)
    Halide::Func f2_dot{"f2_dot"};                // ff W2^T
    Halide::Func y{"y"};                          // x + 0.5 (f2_dot + b2): the output

    Algorithm() {
        using namespace Halide;
        Expr D = x.dim(0).extent();
        Expr fd = cast<float>(D);
        rk = RDom(0, D, "rk");
        rf = RDom(0, W1.dim(1).extent(), "rf");
        sum(t) = 0.0f;
        sum(t) += x(rk, t);
        mean(t) = sum(t) / fd;
        sum_sq(t) = 0.0f;
        sum_sq(t) += (x(rk, t) - mean(t)) * (x(rk, t) - mean(t));
        rstd(t) = 1.0f / sqrt(sum_sq(t) / fd + eps);
        ln(c, t) = (x(c, t) - mean(t)) * rstd(t) * ln_w(c) + ln_b(c);
        f1_dot(c, t) = 0.0f;
        f1_dot(c, t) += ln(rk, t) * W1(rk, c);
        Expr v = f1_dot(c, t) + b1(c);
        ff(c, t) = v / (1.0f + exp(-v));
        f2_dot(c, t) = 0.0f;
        f2_dot(c, t) += ff(rf, t) * W2(rf, c);
        y(c, t) = x(c, t) + ff_scale * (f2_dot(c, t) + b2(c));
    }

    ekb::Kernel kernel() { return {{x, ln_w, ln_b, W1, b1, W2, b2}, {y}}; }
};

}  // namespace task
