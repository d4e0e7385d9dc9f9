// Halide reference algorithm for task `whisper_tiny_conv_stem`: the Whisper audio encoder's
// convolutional stem.
//   h = GELU(conv1d(mel, w1, b1, pad 1))               [D, T]
//   z = GELU(conv1d(h, w2, b2, stride 2, pad 1))       [D, T2], T2 = (T - 1) / 2 + 1
//   y = z^T + pos                                      [T2, D]
// GELU(v) = v/2 (1 + erf(v / sqrt 2)), erf by Abramowitz-Stegun 7.1.26 (|error| <= 1.5e-7).
// Halide dimension 0 is the last PyTorch dimension: mel(t, m) is mel[m, t], w1(k, m, c) is
// w1[c, m, k], h(t, c) is h[c, t], y(c, t) is y[t, c].
#pragma once
#include <ekb/kernel.h>

namespace task {

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
    Halide::ImageParam mel{Halide::Float(32), 2, "mel"};  // [NM, T]
    Halide::ImageParam w1{Halide::Float(32), 3, "w1"};    // [D, NM, 3]
    Halide::ImageParam b1{Halide::Float(32), 1, "b1"};    // [D]
    Halide::ImageParam w2{Halide::Float(32), 3, "w2"};    // [D, D, 3]
    Halide::ImageParam b2{Halide::Float(32), 1, "b2"};    // [D]
    Halide::ImageParam pos{Halide::Float(32), 2, "pos"};  // [T2, D]
    Halide::Var t{"t"}, c{"c"};
    Halide::RDom r1;  // conv1: r1.x the 3 taps, r1.y the NM mel bins
    Halide::RDom r2;  // conv2: r2.x the 3 taps, r2.y the D channels
    Halide::Func mel_padded{"mel_padded"};  // mel, zero outside [0, T)
    Halide::Func conv1{"conv1"};            // conv1d(mel, w1), (t, c)
    Halide::Func h{"h"};                    // GELU(conv1 + b1)
    Halide::Func h_padded{"h_padded"};      // h, zero outside [0, T)
    Halide::Func conv2{"conv2"};            // conv1d(h, w2, stride 2), (t2, c)
    Halide::Func z{"z"};                    // GELU(conv2 + b2), (t2, c)
    Halide::Func y{"y"};                    // z^T + pos, (c, t2): the output

    Algorithm() {
        using namespace Halide;
        Expr T = mel.dim(0).extent();
        r1 = RDom(0, 3, 0, mel.dim(1).extent(), "r1");
        r2 = RDom(0, 3, 0, w2.dim(1).extent(), "r2");
        mel_padded(t, c) = BoundaryConditions::constant_exterior(mel, 0.0f, {{0, T}})(t, c);
        conv1(t, c) = 0.0f;
        conv1(t, c) += w1(r1.x, r1.y, c) * mel_padded(t + r1.x - 1, r1.y);
        h(t, c) = gelu_erf(conv1(t, c) + b1(c));
        h_padded(t, c) = BoundaryConditions::constant_exterior(h, 0.0f, {{0, T}})(t, c);
        conv2(t, c) = 0.0f;
        conv2(t, c) += w2(r2.x, r2.y, c) * h_padded(2 * t + r2.x - 1, r2.y);
        z(t, c) = gelu_erf(conv2(t, c) + b2(c));
        y(c, t) = z(t, c) + pos(c, t);
    }

    ekb::Kernel kernel() { return {{mel, w1, b1, w2, b2, pos}, {y}}; }
};

}  // namespace task
