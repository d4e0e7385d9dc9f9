// Halide reference algorithm for task `convtasnet_separator`: the Conv-TasNet masker (asteroid
// TDConvNet) with one repeat of 4 TCN blocks, non-causal, gLN:
//   o0 = bn_b + conv1x1(gLN(w), bn_w)                                   [B, T]
//   block i (dilation 2^i):  h1 = PReLU(b1 + conv1x1(o_i, w1)), g1 = gLN(h1) (zero outside [0, T)),
//     h2 = PReLU(dw_b + depthwise3(g1, dilation 2^i)), g2 = gLN(h2),
//     o_{i+1} = o_i + res_b + conv1x1(g2, res_w),  s_{i+1} = s_i + skip_b + conv1x1(g2, skip_w)
//   masks(t, n, j) = sigmoid(mask_b + conv1x1(PReLU(s_4, a_m), mask_w)) at channel j N + n
// A gLN's statistics: per-channel sums over time, then over the channels.
// Halide dimension 0 is the last PyTorch dimension: w(t, c, 0) is w[0, c, t], w1(0, k, c, i)
// is w1[i, c, k, 0], dw_w(k, 0, c, i) is dw_w[i, c, 0, k], masks(t, n, j, 0) is masks[0, j, n, t].
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

// The stages of one TCN block.
struct Block {
    Halide::Func c1, h1, g1, dw, h2, g2, res, o, skp, s;
    std::vector<GlobalStats> st;  // st[0] of h1, st[1] of h2
    explicit Block(int i)
        : c1("c1_" + std::to_string(i)), h1("h1_" + std::to_string(i)), g1("g1_" + std::to_string(i)),
          dw("dw_" + std::to_string(i)), h2("h2_" + std::to_string(i)), g2("g2_" + std::to_string(i)),
          res("res_" + std::to_string(i)), o("o_" + std::to_string(i + 1)), skp("skp_" + std::to_string(i)),
          s("s_" + std::to_string(i + 1)) {}
};

struct Algorithm {
    static constexpr int blocks = 4;     // = get_init_inputs() in reference.py
    static constexpr int sources = 2;
    static constexpr float eps = 1e-8f;  // gLN's EPS

    Halide::ImageParam w{Halide::Float(32), 3, "w"};            // [1, N, T]
    Halide::ImageParam gln0_w{Halide::Float(32), 1, "gln0_w"};  // [N]
    Halide::ImageParam gln0_b{Halide::Float(32), 1, "gln0_b"};  // [N]
    Halide::ImageParam bn_w{Halide::Float(32), 3, "bn_w"};      // [B, N, 1]
    Halide::ImageParam bn_b{Halide::Float(32), 1, "bn_b"};      // [B]
    Halide::ImageParam w1{Halide::Float(32), 4, "w1"};          // [4, H, B, 1]
    Halide::ImageParam b1{Halide::Float(32), 2, "b1"};          // [4, H]
    Halide::ImageParam a1{Halide::Float(32), 1, "a1"};          // [4]
    Halide::ImageParam gamma1{Halide::Float(32), 2, "gamma1"};  // [4, H]
    Halide::ImageParam beta1{Halide::Float(32), 2, "beta1"};    // [4, H]
    Halide::ImageParam dw_w{Halide::Float(32), 4, "dw_w"};      // [4, H, 1, 3]
    Halide::ImageParam dw_b{Halide::Float(32), 2, "dw_b"};      // [4, H]
    Halide::ImageParam a2{Halide::Float(32), 1, "a2"};          // [4]
    Halide::ImageParam gamma2{Halide::Float(32), 2, "gamma2"};  // [4, H]
    Halide::ImageParam beta2{Halide::Float(32), 2, "beta2"};    // [4, H]
    Halide::ImageParam res_w{Halide::Float(32), 4, "res_w"};    // [4, B, H, 1]
    Halide::ImageParam res_b{Halide::Float(32), 2, "res_b"};    // [4, B]
    Halide::ImageParam skip_w{Halide::Float(32), 4, "skip_w"};  // [4, Sc, H, 1]
    Halide::ImageParam skip_b{Halide::Float(32), 2, "skip_b"};  // [4, Sc]
    Halide::ImageParam a_m{Halide::Float(32), 1, "a_m"};        // [1]
    Halide::ImageParam mask_w{Halide::Float(32), 3, "mask_w"};  // [2N, Sc, 1]
    Halide::ImageParam mask_b{Halide::Float(32), 1, "mask_b"};  // [2N]
    // t: a frame, c: a channel, j: a source, n: the batch (1).
    Halide::Var t{"t"}, c{"c"}, j{"j"}, n{"n"};
    Halide::RDom rn;  // the N encoder channels
    Halide::RDom rb;  // the B bottleneck channels
    Halide::RDom rh;  // the H hidden channels
    Halide::RDom rsk; // the Sc skip channels
    Halide::RDom rt;  // the T frames: the gLN
    Halide::RDom rk;  // the 3 depthwise taps
    Halide::Func w_in{"w_in"};   // w as a Func
    Halide::Func g0{"g0"};       // gLN(w)
    Halide::Func bn{"bn"};       // the bottleneck conv (no bias)
    Halide::Func o0{"o_0"};      // bn + bn_b
    Halide::Func ps{"ps"};       // PReLU(s_4, a_m)
    Halide::Func mk{"mk"};       // the mask conv (no bias)
    Halide::Func masks{"masks"};  // the output
    std::vector<GlobalStats> st0;
    std::vector<Block> blk;

    Algorithm() {
        using namespace Halide;
        Expr T = w.dim(0).extent(), N = w.dim(1).extent();
        rn = RDom(0, N, "rn");
        rb = RDom(0, bn_w.dim(2).extent(), "rb");
        rh = RDom(0, w1.dim(2).extent(), "rh");
        rsk = RDom(0, skip_w.dim(2).extent(), "rsk");
        rt = RDom(0, T, "rt");
        rk = RDom(0, 3, "rk");
        w_in(t, c, n) = w(t, c, n);
        st0.reserve(1);
        st0.emplace_back("gln0", w_in, c, n, rt, rn, eps);
        g0(t, c, n) = (w(t, c, n) - st0[0].mean(n)) * st0[0].rstd(n) * gln0_w(c) + gln0_b(c);
        bn(t, c, n) = 0.0f;
        bn(t, c, n) += bn_w(0, rn, c) * g0(t, rn, n);
        o0(t, c, n) = bn(t, c, n) + bn_b(c);
        Func o = o0, s;
        blk.reserve(blocks);
        for (int i = 0; i < blocks; i++) {
            blk.emplace_back(i);
            Block &b = blk.back();
            b.st.reserve(2);
            const int d = 1 << i;
            b.c1(t, c, n) = 0.0f;
            b.c1(t, c, n) += w1(0, rb, c, i) * o(t, rb, n);
            b.h1(t, c, n) = prelu(b.c1(t, c, n) + b1(c, i), a1(i));
            b.st.emplace_back("gln1_" + std::to_string(i), b.h1, c, n, rt, rh, eps);
            GlobalStats &s1 = b.st.back();
            b.g1(t, c, n) = select(t >= 0 && t < T,
                                   (b.h1(clamp(t, 0, T - 1), c, n) - s1.mean(n)) * s1.rstd(n) * gamma1(c, i) + beta1(c, i),
                                   0.0f);
            b.dw(t, c, n) = 0.0f;
            b.dw(t, c, n) += dw_w(rk, 0, c, i) * b.g1(t + d * (rk - 1), c, n);
            b.h2(t, c, n) = prelu(b.dw(t, c, n) + dw_b(c, i), a2(i));
            b.st.emplace_back("gln2_" + std::to_string(i), b.h2, c, n, rt, rh, eps);
            GlobalStats &s2 = b.st.back();
            b.g2(t, c, n) = (b.h2(t, c, n) - s2.mean(n)) * s2.rstd(n) * gamma2(c, i) + beta2(c, i);
            b.res(t, c, n) = 0.0f;
            b.res(t, c, n) += res_w(0, rh, c, i) * b.g2(t, rh, n);
            b.o(t, c, n) = o(t, c, n) + (b.res(t, c, n) + res_b(c, i));
            b.skp(t, c, n) = 0.0f;
            b.skp(t, c, n) += skip_w(0, rh, c, i) * b.g2(t, rh, n);
            if (i == 0) {
                b.s(t, c, n) = b.skp(t, c, n) + skip_b(c, i);
            } else {
                b.s(t, c, n) = s(t, c, n) + (b.skp(t, c, n) + skip_b(c, i));
            }
            o = b.o;
            s = b.s;
        }
        ps(t, c, n) = prelu(s(t, c, n), a_m(0));
        mk(t, c, n) = 0.0f;
        mk(t, c, n) += mask_w(0, rsk, c) * ps(t, rsk, n);
        Expr v = mk(t, j * N + c, n) + mask_b(j * N + c);
        masks(t, c, j, n) = 1.0f / (1.0f + exp(-v));
    }

    ekb::Kernel kernel() {
        return {{w, gln0_w, gln0_b, bn_w, bn_b, w1, b1, a1, gamma1, beta1, dw_w, dw_b, a2, gamma2, beta2, res_w,
                 res_b, skip_w, skip_b, a_m, mask_w, mask_b},
                {masks}};
    }
};

}  // namespace task
