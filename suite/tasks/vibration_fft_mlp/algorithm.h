// Halide reference algorithm for task `vibration_fft_mlp`: spectral features (mean removal,
// RMS, Hann-windowed DFT power, log band averages) of a C-axis vibration window and a 2-hidden-
// layer dense classifier with softmax.
//   mean(c) = sum_n x / L; xc = x - mean; rms(c) = sqrt(sum_n xc^2 / L)
//   spec(kb, c) = sum_n hann(n) xc(n, c) e^{-2 pi i ((kb + 1) n mod L) / L}, kb < L/2
//   pw = |spec|^2 / L; band(b, c) = sum_{j < S} pw(b S + j, c) / S, S = L / (2B)
//   feats(j, c) = j == 0 ? rms(c) : log10(band(j - 1, c) + 1e-6)          [C, B + 1]
//   h1 = relu(W1 f + b1), h2 = relu(W2 h1 + b2), logits = W3 h2 + b3, probs = softmax
// Halide dimension 0 is the last PyTorch dimension: x(n, c) is x[c, n], w1(i, o) is w1[o, i],
// feats(j, c) is feats[c, j], probs(k, 0) is probs[0, k].
#pragma once
#include <ekb/kernel.h>

namespace task {

constexpr float kTwoPi = 6.283185307179586f, kHalfPi = 1.5707963267948966f;

struct Algorithm {
    Halide::ImageParam x{Halide::Float(32), 2, "x"};    // [C, L]
    Halide::ImageParam w1{Halide::Float(32), 2, "w1"};  // [H1, C (B + 1)]
    Halide::ImageParam b1{Halide::Float(32), 1, "b1"};  // [H1]
    Halide::ImageParam w2{Halide::Float(32), 2, "w2"};  // [H2, H1]
    Halide::ImageParam b2{Halide::Float(32), 1, "b2"};  // [H2]
    Halide::ImageParam w3{Halide::Float(32), 2, "w3"};  // [K, H2]
    Halide::ImageParam b3{Halide::Float(32), 1, "b3"};  // [K]
    Halide::Var n{"n"}, c{"c"}, kb{"kb"}, b{"b"}, j{"j"}, o{"o"}, u{"u"};
    Halide::RDom rn, rs, ri, r1, r2, rk;
    Halide::Func mean{"mean"}, xc{"xc"}, rms{"rms"};  // (c), (n, c), (c)
    Halide::Func win{"win"};                        // (n) Hann
    Halide::Func tw{"tw"};                          // (kb, n) -> (cos, -sin)
    Halide::Func spec{"spec"};                      // (kb, c) -> (re, im)
    Halide::Func band{"band"};                      // (b, c) mean power of the band
    Halide::Func feats{"feats"};                    // output (j, c)
    Halide::Func h1{"h1"}, h2{"h2"}, logits{"logits"};  // (o)
    Halide::Func lmax{"lmax"}, esum{"esum"};        // (u) softmax max and sum, u = 0
    Halide::Func probs{"probs"};                    // output (k, u), u = 0

    Algorithm() {
        using namespace Halide;
        const Expr L = x.dim(0).extent(), C = x.dim(1).extent();
        const Expr F = w1.dim(0).extent(), B = F / C - 1, S = L / (2 * B);
        const Expr fL = cast<float>(L);
        rn = RDom(0, L, "rn");
        rs = RDom(0, S, "rs");
        ri = RDom(0, F, "ri");
        r1 = RDom(0, w2.dim(0).extent(), "r1");
        r2 = RDom(0, w3.dim(0).extent(), "r2");
        rk = RDom(0, w3.dim(1).extent(), "rk");

        mean(c) = 0.0f;
        mean(c) += x(rn, c);
        xc(n, c) = x(n, c) - mean(c) / fL;
        rms(c) = 0.0f;
        rms(c) += xc(rn, c) * xc(rn, c);
        win(n) = 0.5f - 0.5f * cos(cast<float>(n) * (kTwoPi / cast<float>(L - 1)));
        Expr t = cast<float>(((kb + 1) * n) % L) * (kTwoPi / fL);
        tw(kb, n) = Tuple(cos(t), cos(t + kHalfPi));  // -sin(t) as cos(t + pi/2): no sincosf
        Expr xw = xc(rn, c) * win(rn);
        spec(kb, c) = Tuple(0.0f, 0.0f);
        spec(kb, c) = Tuple(spec(kb, c)[0] + xw * tw(kb, rn)[0], spec(kb, c)[1] + xw * tw(kb, rn)[1]);
        Expr re = spec(b * S + rs, c)[0], im = spec(b * S + rs, c)[1];
        band(b, c) = 0.0f;
        band(b, c) += (re * re + im * im) / fL;
        Expr lg = log(band(max(j - 1, 0), c) / cast<float>(S) + 1e-6f) * (1.0f / 2.302585092994046f);
        feats(j, c) = select(j == 0, sqrt(rms(c) / fL), lg);

        Expr fi = feats(ri % (B + 1), ri / (B + 1));
        h1(o) = 0.0f;
        h1(o) += w1(ri, o) * fi;
        Expr a1 = max(h1(r1) + b1(r1), 0.0f);
        h2(o) = 0.0f;
        h2(o) += w2(r1, o) * a1;
        Expr a2 = max(h2(r2) + b2(r2), 0.0f);
        logits(o) = 0.0f;
        logits(o) += w3(r2, o) * a2;
        Expr lg3 = logits(rk) + b3(rk);
        lmax(u) = -INFINITY;
        lmax(u) = max(lmax(u), lg3);
        esum(u) = 0.0f;
        esum(u) += exp(lg3 - lmax(u));
        probs(o, u) = exp(logits(o) + b3(o) - lmax(u)) / esum(u);
    }

    ekb::Kernel kernel() { return {{x, w1, b1, w2, b2, w3, b3}, {feats, probs}}; }
};

}  // namespace task
