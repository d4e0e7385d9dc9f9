// Halide reference algorithm for task `bert_tiny_ffn_postln`: BERT's feed-forward sub-block,
// post-LN (HF BertIntermediate + BertOutput):
//   f = gelu_erf(x W1^T + b1)             [T, F]
//   z = f W2^T + b2 + x                   [T, D]
//   y = (z - mean) * rstd * ln_w + ln_b   over the D features, rstd = 1 / sqrt(var + 1e-12)
// erf is the Abramowitz-Stegun 7.1.26 approximation (max abs error 1.5e-7).
// Halide dimension 0 is the last PyTorch dimension: x(c, t) is x[t, c], W1(k, f) is W1[f, k].
#pragma once
#include <ekb/kernel.h>

namespace task {

// erf(v), |error| <= 1.5e-7 (Abramowitz and Stegun 7.1.26).
inline Halide::Expr erf_as(Halide::Expr v) {
    using namespace Halide;
    Expr a = abs(v);
    Expr k = 1.0f / (1.0f + 0.3275911f * a);
    Expr poly = k * (0.254829592f + k * (-0.284496736f + k * (1.421413741f + k * (-1.453152027f + k * 1.061405429f))));
    Expr e = 1.0f - poly * exp(-a * a);
    return select(v < 0.0f, -e, e);
}

inline Halide::Expr gelu_erf(Halide::Expr v) { return 0.5f * v * (1.0f + erf_as(v * 0.70710678118654752f)); }

struct Algorithm {
    static constexpr float eps = 1e-12f;  // = get_init_inputs() in reference.py

    Halide::ImageParam x{Halide::Float(32), 2, "x"};        // [T, D]
    Halide::ImageParam W1{Halide::Float(32), 2, "W1"};      // [F, D]
    Halide::ImageParam b1{Halide::Float(32), 1, "b1"};      // [F]
    Halide::ImageParam W2{Halide::Float(32), 2, "W2"};      // [D, F]
    Halide::ImageParam b2{Halide::Float(32), 1, "b2"};      // [D]
    Halide::ImageParam ln_w{Halide::Float(32), 1, "ln_w"};  // [D]
    Halide::ImageParam ln_b{Halide::Float(32), 1, "ln_b"};  // [D]

    Halide::Var c{"c"}, t{"t"};  // c a feature (of the FFN or the model), t a token
    Halide::RDom rk;             // over the model features (D): fc1, the LayerNorm
    Halide::RDom rf;             // over the FFN features (F): fc2
    Halide::Func f1_dot{"f1_dot"};  // x W1^T
    Halide::Func ff{"ff"};          // gelu_erf(f1_dot + b1)
    Halide::Func f2_dot{"f2_dot"};  // ff W2^T
    Halide::Func z{"z"};            // f2_dot + b2 + x: the LayerNorm's input
    Halide::Func sum{"sum"};        // sum of z over the features
    Halide::Func mean{"mean"};      // sum / D
    Halide::Func sum_sq{"sum_sq"};  // sum of (z - mean)^2
    Halide::Func rstd{"rstd"};      // 1 / sqrt(sum_sq / D + eps)
    Halide::Func y{"y"};            // the output

    Algorithm() {
        using namespace Halide;
        Expr D = x.dim(0).extent(), Fd = W1.dim(1).extent();
        rk = RDom(0, D, "rk");
        rf = RDom(0, Fd, "rf");
        Expr n = cast<float>(D);
        f1_dot(c, t) = 0.0f;
        f1_dot(c, t) += x(rk, t) * W1(rk, c);
        ff(c, t) = gelu_erf(f1_dot(c, t) + b1(c));
        f2_dot(c, t) = 0.0f;
        f2_dot(c, t) += ff(rf, t) * W2(rf, c);
        z(c, t) = f2_dot(c, t) + b2(c) + x(c, t);
        sum(t) = 0.0f;
        sum(t) += z(rk, t);
        mean(t) = sum(t) / n;
        sum_sq(t) = 0.0f;
        sum_sq(t) += (z(rk, t) - mean(t)) * (z(rk, t) - mean(t));
        rstd(t) = 1.0f / sqrt(sum_sq(t) / n + eps);
        y(c, t) = (z(c, t) - mean(t)) * rstd(t) * ln_w(c) + ln_b(c);
    }

    ekb::Kernel kernel() { return {{x, W1, b1, W2, b2, ln_w, ln_b}, {y}}; }
};

}  // namespace task
