// Halide reference algorithm for task `agc_limiter_webrtc`: a WebRTC-AGC2-style fixed digital
// gain + level estimator + limiter on a mono block of S sub-frames of M samples.
//   y(j, s)  = x(j, s) * gain
//   env(s)   = max_j |y(j, s)|
//   level(s) = env(s) > level(s-1) ? env(s) : decay level(s-1) + rise env(s), level(-1) = state(0)
//              (a scan over the sub-frames)
//   g(s)     = min(level >= thr ? pow(thr / level, expo) : 1, ceil / level)
//   G(s)     = s == 0 ? state(1) : g(s - 1)
//   out(j, s) = clamp(y (G(s) + j (G(s+1) - G(s)) / M), -1, 1)
// Halide dimension 0 is the last PyTorch dimension: x(j, s) is x[s, j].
#pragma once
#include <ekb/kernel.h>

namespace task {

// = get_init_inputs() in reference.py
constexpr float kGain = 3.9810717055349722f;  // 12 dB
constexpr float kThr = 0.5f, kExpo = 0.5f, kCeil = 0.98f, kDecay = 0.5f, kRise = 0.5f;

struct Algorithm {
    Halide::ImageParam x{Halide::Float(32), 2, "x"};          // [S, M]
    Halide::ImageParam state{Halide::Float(32), 1, "state"};  // [2]: level, gain of the last sub-frame
    Halide::Var j{"j"}, s{"s"};
    Halide::RDom rj, rs;  // samples of a sub-frame; the sub-frames (the scan)
    Halide::Func y{"y"};          // (j, s) after the fixed gain
    Halide::Func env{"env"};      // (s) peak of the sub-frame
    Halide::Func level{"level"};  // (s), s in [-1, S): the level estimator's scan
    Halide::Func g{"g"};          // (s) output: the limiter gain per sub-frame
    Halide::Func gfull{"gfull"};  // (s), s in [0, S]: the previous gain, then g
    Halide::Func out{"out"};      // (j, s) output

    Algorithm() {
        using namespace Halide;
        const Expr M = x.dim(0).extent(), S = x.dim(1).extent();
        rj = RDom(0, M, "rj");
        rs = RDom(0, S, "rs");
        y(j, s) = x(j, s) * kGain;
        env(s) = 0.0f;
        env(s) = max(env(s), abs(y(rj, s)));
        level(s) = state(0);
        Expr e = env(rs), prev = level(rs - 1);
        level(rs) = select(e > prev, e, kDecay * prev + kRise * e);
        Expr lv = level(s);
        g(s) = min(select(lv >= kThr, pow(kThr / lv, kExpo), 1.0f), kCeil / lv);
        gfull(s) = select(s == 0, state(1), g(max(s - 1, 0)));
        Expr g0 = gfull(s), g1 = gfull(s + 1);
        out(j, s) = clamp(y(j, s) * (g0 + cast<float>(j) * (g1 - g0) / cast<float>(M)), -1.0f, 1.0f);
    }

    ekb::Kernel kernel() { return {{x, state}, {out, g}}; }
};

}  // namespace task
