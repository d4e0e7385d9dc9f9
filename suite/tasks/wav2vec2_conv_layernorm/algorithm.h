// Halide reference algorithm for task `wav2vec2_conv_layernorm`: a layer-normalized
// wav2vec 2.0 feature-encoder conv layer:
//   h(t, o) = b[o] + sum_{i, k} w[o, i, k] x[i, 2 t + k]       conv1d C -> C, k 3, stride 2
//   mean(t), rstd(t) over the C channels of frame t            (biased variance, eps 1e-5)
//   y(t, o) = gelu_erf((h - mean) rstd ln_w[o] + ln_b[o])
// erf is the Abramowitz-Stegun 7.1.26 approximation (max abs error 1.5e-7).
// Halide dimension 0 is the last PyTorch dimension: x(s, i, 0) is x[0, i, s], w(k, i, o) is
// w[o, i, k], y(t, o, 0) is y[0, o, t].
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
    static constexpr int stride = 2;     // = get_init_inputs() in reference.py
    static constexpr int taps = 3;       // the kernel (w's last dimension)
    static constexpr float eps = 1e-5f;  // LayerNorm's eps

    Halide::ImageParam x{Halide::Float(32), 3, "x"};        // [1, C, 2T + 1]
    Halide::ImageParam w{Halide::Float(32), 3, "w"};        // [C, C, 3]
    Halide::ImageParam b{Halide::Float(32), 1, "b"};        // [C]
    Halide::ImageParam ln_w{Halide::Float(32), 1, "ln_w"};  // [C]
    Halide::ImageParam ln_b{Halide::Float(32), 1, "ln_b"};  // [C]
    // t: an output frame, c: a channel, n: the batch (1).
    Halide::Var t{"t"}, c{"c"}, n{"n"};
    Halide::RDom r;   // the taps (r.x) and the input channels (r.y)
    Halide::RDom rc;  // the C output channels: the LayerNorm statistics
    Halide::Func conv{"conv"};                    // the conv without bias: reduction over r
    Halide::Func h{"h"};                          // conv + b
    Halide::Func sum{"sum"}, mean{"mean"};        // per frame over the channels
    Halide::Func sum_sq{"sum_sq"}, rstd{"rstd"};  // sum of squared deviations, 1/sqrt(var + eps)
    Halide::Func y{"y"};                          // the output

    Algorithm() {
        using namespace Halide;
        Expr C = w.dim(2).extent();
        Expr fc = cast<float>(C);
        r = RDom(0, taps, 0, w.dim(1).extent(), "r");
        rc = RDom(0, C, "rc");
        conv(t, c) = 0.0f;
        conv(t, c) += w(r.x, r.y, c) * x(stride * t + r.x, r.y, 0);
        h(t, c) = conv(t, c) + b(c);
        sum(t) = 0.0f;
        sum(t) += h(t, rc);
        mean(t) = sum(t) / fc;
        sum_sq(t) = 0.0f;
        sum_sq(t) += (h(t, rc) - mean(t)) * (h(t, rc) - mean(t));
        rstd(t) = 1.0f / sqrt(sum_sq(t) / fc + eps);
        y(t, c, n) = gelu_erf((h(t, c) - mean(t)) * rstd(t) * ln_w(c) + ln_b(c));
    }

    ekb::Kernel kernel() { return {{x, w, b, ln_w, ln_b}, {y}}; }
};

}  // namespace task
