// Halide reference algorithm for task `wav2vec2_conv0_groupnorm`: wav2vec 2.0 feature
// encoder layer 0:
//   col(t, k) = x[5 t + k]                              the frames, time innermost
//   h(t, c)   = sum_k w[c, 0, k] col(t, k)              conv1d 1 -> C, kernel 10, stride 5
//   mean(c), rstd(c) over t                             GroupNorm with C groups (biased var)
//   y(t, c)   = gelu_erf((h - mean) rstd gn_w + gn_b)
// erf is the Abramowitz-Stegun 7.1.26 approximation (max abs error 1.5e-7).
// Halide dimension 0 is the last PyTorch dimension: x(s, 0, 0) is x[0, 0, s], w(k, 0, c) is
// w[c, 0, k], y(t, c, 0) is y[0, c, t].
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
    static constexpr int stride = 5;     // = get_init_inputs() in reference.py
    static constexpr int taps = 10;      // the kernel (w's last dimension)
    static constexpr float eps = 1e-5f;  // GroupNorm's eps

    Halide::ImageParam x{Halide::Float(32), 3, "x"};        // [1, 1, 5T + 5]
    Halide::ImageParam w{Halide::Float(32), 3, "w"};        // [C, 1, 10]
    Halide::ImageParam gn_w{Halide::Float(32), 1, "gn_w"};  // [C]
    Halide::ImageParam gn_b{Halide::Float(32), 1, "gn_b"};  // [C]
    // t: a frame (T), c: a channel (C), k: a tap, n: the batch (1).
    Halide::Var t{"t"}, c{"c"}, k{"k"}, n{"n"};
    Halide::RDom rk;  // the 10 taps
    Halide::RDom rt;  // the T frames: the GroupNorm statistics
    Halide::Func col{"col"};                      // col(t, k) = x[5 t + k]
    Halide::Func h{"h"};                          // the conv: the reduction over rk
    Halide::Func sum{"sum"}, mean{"mean"};        // per channel over time
    Halide::Func sum_sq{"sum_sq"}, rstd{"rstd"};  // sum of squared deviations, 1/sqrt(var + eps)
    Halide::Func y{"y"};                          // the output

    Algorithm() {
        using namespace Halide;
        Expr T = (x.dim(0).extent() - taps) / stride + 1;
        Expr ft = cast<float>(T);
        rk = RDom(0, taps, "rk");
        rt = RDom(0, T, "rt");
        col(t, k) = x(stride * t + k, 0, 0);
        h(t, c) = 0.0f;
        h(t, c) += w(rk, 0, c) * col(t, rk);
        sum(c) = 0.0f;
        sum(c) += h(rt, c);
        mean(c) = sum(c) / ft;
        sum_sq(c) = 0.0f;
        sum_sq(c) += (h(rt, c) - mean(c)) * (h(rt, c) - mean(c));
        rstd(c) = 1.0f / sqrt(sum_sq(c) / ft + eps);
        y(t, c, n) = gelu_erf((h(t, c) - mean(c)) * rstd(c) * gn_w(c) + gn_b(c));
    }

    ekb::Kernel kernel() { return {{x, w, gn_w, gn_b}, {y}}; }
};

}  // namespace task
