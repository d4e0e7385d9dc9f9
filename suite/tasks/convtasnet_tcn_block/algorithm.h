// Halide reference algorithm for task `convtasnet_tcn_block`: one Conv-TasNet TCN block
// (non-causal, gLN), dilation 4:
//   c1(t, c) = b1 + sum_i w1[c, i] x(t, i);          h1 = PReLU(c1, a1)        [H, T]
//   gLN statistics of h1 over all (t, c): per-channel sums over time, then over channels
//   g1 = (h1 - mean1) rstd1 gamma1 + beta1, zero outside [0, T) (the conv's padding)
//   h2 = PReLU(dw_b + sum_k dw_w[c, k] g1(t + 4 (k - 1), c), a2);  g2 = gLN(h2)
//   out(t, o) = x(t, o) + res_b + sum_c res_w[o, c] g2(t, c);  skip = skip_b + skip_w g2
// Halide dimension 0 is the last PyTorch dimension: x(t, c, 0) is x[0, c, t], w1(0, i, c)
// is w1[c, i, 0], dw_w(k, 0, c) is dw_w[c, 0, k].
#pragma once
#include <ekb/kernel.h>

namespace task {

inline Halide::Expr prelu(Halide::Expr v, Halide::Expr a) { return Halide::select(v >= 0.0f, v, a * v); }

// The global layer norm statistics of in(t, c, n) over t in [0, T) and c in [0, C): sums per
// channel over time, then over the channels.
struct GlobalStats {
    Halide::Func csum, mean, csq, rstd;
    GlobalStats(const std::string &name, Halide::Func in, Halide::Var c, Halide::Var n, Halide::RDom rt,
                Halide::RDom rc, float eps)
        : csum(name + "_csum"), mean(name + "_mean"), csq(name + "_csq"), rstd(name + "_rstd") {
        using namespace Halide;
        Expr count = cast<float>(rt.x.extent()) * cast<float>(rc.x.extent());
        csum(c, n) = 0.0f;
        csum(c, n) += in(rt, c, n);
        mean(n) = 0.0f;
        mean(n) += csum(rc, n);
        mean(n) = mean(n) / count;
        csq(c, n) = 0.0f;
        csq(c, n) += (in(rt, c, n) - mean(n)) * (in(rt, c, n) - mean(n));
        rstd(n) = 0.0f;
        rstd(n) += csq(rc, n);
        rstd(n) = 1.0f / sqrt(rstd(n) / count + eps);
    }
};

struct Algorithm {
    static constexpr int dilation = 4;   // = get_init_inputs() in reference.py
    static constexpr float eps = 1e-8f;  // gLN's EPS

    Halide::ImageParam x{Halide::Float(32), 3, "x"};            // [1, B, T]
    Halide::ImageParam w1{Halide::Float(32), 3, "w1"};          // [H, B, 1]
    Halide::ImageParam b1{Halide::Float(32), 1, "b1"};          // [H]
    Halide::ImageParam a1{Halide::Float(32), 1, "a1"};          // [1]
    Halide::ImageParam gamma1{Halide::Float(32), 1, "gamma1"};  // [H]
    Halide::ImageParam beta1{Halide::Float(32), 1, "beta1"};    // [H]
    Halide::ImageParam dw_w{Halide::Float(32), 3, "dw_w"};      // [H, 1, 3]
    Halide::ImageParam dw_b{Halide::Float(32), 1, "dw_b"};      // [H]
    Halide::ImageParam a2{Halide::Float(32), 1, "a2"};          // [1]
    Halide::ImageParam gamma2{Halide::Float(32), 1, "gamma2"};  // [H]
    Halide::ImageParam beta2{Halide::Float(32), 1, "beta2"};    // [H]
    Halide::ImageParam res_w{Halide::Float(32), 3, "res_w"};    // [B, H, 1]
    Halide::ImageParam res_b{Halide::Float(32), 1, "res_b"};    // [B]
    Halide::ImageParam skip_w{Halide::Float(32), 3, "skip_w"};  // [Sc, H, 1]
    Halide::ImageParam skip_b{Halide::Float(32), 1, "skip_b"};  // [Sc]
    // t: a frame, c: a channel (B, H or Sc), n: the batch (1).
    Halide::Var t{"t"}, c{"c"}, n{"n"};
    Halide::RDom rb;  // the B input channels of the first 1x1 conv
    Halide::RDom rh;  // the H hidden channels: the gLN and the output 1x1 convs
    Halide::RDom rt;  // the T frames: the gLN
    Halide::RDom rk;  // the 3 depthwise taps
    Halide::Func c1{"c1"};                  // the first 1x1 conv (no bias)
    Halide::Func h1{"h1"};                  // PReLU(c1 + b1)
    Halide::Func g1{"g1"};                  // gLN(h1), zero outside [0, T)
    Halide::Func dw{"dw"};                  // the dilated depthwise conv (no bias)
    Halide::Func h2{"h2"};                  // PReLU(dw + dw_b)
    Halide::Func g2{"g2"};                  // gLN(h2)
    Halide::Func res{"res"}, skp{"skp"};    // the output 1x1 convs (no bias)
    Halide::Func out{"out"}, skip{"skip"};  // the outputs
    GlobalStats st1, st2;

    Algorithm() : st1(make_st1()), st2(make_st2()) {
        res(t, c, n) = 0.0f;
        res(t, c, n) += res_w(0, rh, c) * g2(t, rh, n);
        skp(t, c, n) = 0.0f;
        skp(t, c, n) += skip_w(0, rh, c) * g2(t, rh, n);
        out(t, c, n) = x(t, c, n) + (res(t, c, n) + res_b(c));
        skip(t, c, n) = skp(t, c, n) + skip_b(c);
    }

    ekb::Kernel kernel() {
        return {{x, w1, b1, a1, gamma1, beta1, dw_w, dw_b, a2, gamma2, beta2, res_w, res_b, skip_w, skip_b},
                {out, skip}};
    }

private:
    GlobalStats make_st1() {
        using namespace Halide;
        Expr T = x.dim(0).extent();
        rb = RDom(0, x.dim(1).extent(), "rb");
        rh = RDom(0, w1.dim(2).extent(), "rh");
        rt = RDom(0, T, "rt");
        rk = RDom(0, 3, "rk");
        c1(t, c, n) = 0.0f;
        c1(t, c, n) += w1(0, rb, c) * x(t, rb, n);
        h1(t, c, n) = prelu(c1(t, c, n) + b1(c), a1(0));
        return GlobalStats("gln1", h1, c, n, rt, rh, eps);
    }

    GlobalStats make_st2() {
        using namespace Halide;
        Expr T = x.dim(0).extent();
        g1(t, c, n) = select(t >= 0 && t < T,
                             (h1(clamp(t, 0, T - 1), c, n) - st1.mean(n)) * st1.rstd(n) * gamma1(c) + beta1(c), 0.0f);
        dw(t, c, n) = 0.0f;
        dw(t, c, n) += dw_w(rk, 0, c) * g1(t + dilation * (rk - 1), c, n);
        h2(t, c, n) = prelu(dw(t, c, n) + dw_b(c), a2(0));
        GlobalStats s("gln2", h2, c, n, rt, rh, eps);
        g2(t, c, n) = (h2(t, c, n) - s.mean(n)) * s.rstd(n) * gamma2(c) + beta2(c);
        return s;
    }
};

}  // namespace task
