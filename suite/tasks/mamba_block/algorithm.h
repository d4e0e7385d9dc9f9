// Halide reference algorithm for task `mamba_block`: one Mamba block at prefill from a zero
// SSM state, batch 1 (see reference.py). Stages, per token t:
//   hn = RMSNorm(x) * norm_w;  xz(o, t) = sum_i in_w[i, o] hn(i, t)   (o < E: xi, else z)
//   u(e, t) = silu(conv_b[e] + sum_k conv_w[e, k] xi(e, t - (K-1) + k))  (0 before t = 0)
//   dbc(j, t) = sum_e xproj_w[e, j] u(e, t)     (j < R: dtl, then B (N), then C (N))
//   dt(e, t) = softplus(dt_b[e] + sum_r dt_w[r, e] dtl(r, t))   (softplus(v) = v above 20)
//   s(e, n, t) = exp(dt(e, t) A(e, n)) s(e, n, t-1) + dt(e, t) B(n, t) u(e, t), s(., ., -1) = 0,
//              A(e, n) = -exp(A_log[e, n]): the selective scan, a recurrence over t only
//              (each (e, n) its own chain), one update over rt with t = rt
//   y(e, t) = (sum_n s(e, n, t) C(n, t) + Dp[e] u(e, t)) * silu(z(e, t))
//   out(d, t) = x(d, t) + sum_e out_w[e, d] y(e, t)
// The projections are `*_dot` Funcs (pure 0, update over their RDom), so schedules can tile
// them; the epilogues are separate Funcs.
// Halide dimension 0 is the last PyTorch dimension: x(d, t, b) is x[b, t, d], in_w(o, i) is
// in_w[i, o], conv_w(k, e) is conv_w[e, k], A_log(n, e) is A_log[e, n].
#pragma once
#include <ekb/kernel.h>

namespace task {

constexpr int kConv = 4;
constexpr float kEps = 1e-5f;

inline Halide::Expr silu(const Halide::Expr &v) { return v / (1.0f + Halide::exp(-v)); }

struct Algorithm {
    Halide::ImageParam x{Halide::Float(32), 3, "x"};              // [1, L, D]
    Halide::ImageParam norm_w{Halide::Float(32), 1, "norm_w"};    // [D]
    Halide::ImageParam in_w{Halide::Float(32), 2, "in_w"};        // [D, 2E]
    Halide::ImageParam conv_w{Halide::Float(32), 2, "conv_w"};    // [E, K]
    Halide::ImageParam conv_b{Halide::Float(32), 1, "conv_b"};    // [E]
    Halide::ImageParam xproj_w{Halide::Float(32), 2, "xproj_w"};  // [E, R + 2N]
    Halide::ImageParam dt_w{Halide::Float(32), 2, "dt_w"};        // [R, E]
    Halide::ImageParam dt_b{Halide::Float(32), 1, "dt_b"};        // [E]
    Halide::ImageParam A_log{Halide::Float(32), 2, "A_log"};      // [E, N]
    Halide::ImageParam Dp{Halide::Float(32), 1, "Dp"};            // [E]
    Halide::ImageParam out_w{Halide::Float(32), 2, "out_w"};      // [E, D]
    // c: a feature of a projection's output, t: a token, n: a state index, b: the batch (1).
    Halide::Var c{"c"}, t{"t"}, n{"n"}, b{"b"};
    Halide::RDom rd;  // model features (D): RMSNorm, in_proj
    Halide::RDom re;  // inner features (E): x_proj, out_proj
    Halide::RDom rr;  // dt rank (R): dt_proj
    Halide::RDom rn;  // state (N): the readout
    Halide::RDom rt;  // tokens (L): the scan
    Halide::Func ss{"ss"}, rms{"rms"}, hn{"hn"};         // sum of squares, 1/rms, normed input
    Halide::Func xz_dot{"xz_dot"};                         // in_proj
    Halide::Func u{"u"};                                   // conv + silu
    Halide::Func dbc_dot{"dbc_dot"};                       // x_proj
    Halide::Func dt_dot{"dt_dot"}, dt{"dt"};               // dt_proj, softplus
    Halide::Func A{"A"};                                   // -exp(A_log), (e, n)
    Halide::Func s{"s"};                                   // the scan state (e, n, t)
    Halide::Func yc{"yc"}, y{"y"};                         // s . C, gated output
    Halide::Func out_dot{"out_dot"}, out{"out"};           // out_proj, + residual

    Algorithm() {
        using namespace Halide;
        Expr D = x.dim(0).extent(), L = x.dim(1).extent();
        Expr E = conv_b.dim(0).extent(), N = A_log.dim(0).extent(), R = dt_w.dim(1).extent();
        rd = RDom(0, D, "rd");
        re = RDom(0, E, "re");
        rr = RDom(0, R, "rr");
        rn = RDom(0, N, "rn");
        rt = RDom(0, L, "rt");
        ss(t) = 0.0f;
        ss(t) += x(rd, t, 0) * x(rd, t, 0);
        rms(t) = 1.0f / sqrt(ss(t) / cast<float>(D) + kEps);
        hn(c, t) = x(c, t, 0) * rms(t) * norm_w(c);
        xz_dot(c, t) = 0.0f;
        xz_dot(c, t) += in_w(c, rd) * hn(rd, t);
        Expr conv = conv_b(c);
        for (int k = 0; k < kConv; k++) {
            Expr tk = t - (kConv - 1) + k;
            conv = conv + conv_w(k, c) * select(tk >= 0, xz_dot(c, max(tk, 0)), 0.0f);
        }
        u(c, t) = silu(conv);
        dbc_dot(c, t) = 0.0f;
        dbc_dot(c, t) += xproj_w(c, re) * u(re, t);
        dt_dot(c, t) = dt_b(c);
        dt_dot(c, t) += dt_w(c, rr) * dbc_dot(rr, t);
        dt(c, t) = select(dt_dot(c, t) > 20.0f, dt_dot(c, t), log(1.0f + exp(dt_dot(c, t))));
        A(c, n) = -exp(A_log(n, c));
        s(c, n, t) = 0.0f;
        Expr tt = rt, prev = select(tt > 0, s(c, n, max(tt - 1, 0)), 0.0f);
        s(c, n, tt) = exp(dt(c, tt) * A(c, n)) * prev + dt(c, tt) * dbc_dot(R + n, tt) * u(c, tt);
        yc(c, t) = Dp(c) * u(c, t);
        yc(c, t) += s(c, rn, t) * dbc_dot(R + N + rn, t);
        y(c, t) = yc(c, t) * silu(xz_dot(E + c, t));
        out_dot(c, t) = 0.0f;
        out_dot(c, t) += out_w(c, re) * y(re, t);
        out(c, t, b) = x(c, t, b) + out_dot(c, t);
    }

    ekb::Kernel kernel() { return {{x, norm_w, in_w, conv_w, conv_b, xproj_w, dt_w, dt_b, A_log, Dp, out_w}, {out}}; }
};

}  // namespace task
