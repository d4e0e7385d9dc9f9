// Halide reference algorithm for task `rwkv_time_mix`: the time-mixing half of an RWKV-4
// block over T tokens from a carried state (see reference.py).
//   xx = LayerNorm(x) (two-pass mean, variance);  xs(c, t) = xx(c, t - 1), prev_x at t = 0
//   kin/vin/rin = xx m + xs (1 - m);  k/v/r(o, t) = sum_i W[o, i] in(i, t)   (*_dot Funcs)
//   st(c, t) = (a, b) after token t: a = e a + exp(k) v, b = e b + exp(k), e = exp(-exp(decay)),
//              from state0: a recurrence over t only (each channel its own chain), one
//              update over rt with t = rt
//   wkv(c, t) = (a_{t-1} + exp(first + k) v) / (b_{t-1} + exp(first + k))
//   out = x + Wo (sigmoid(r) wkv)
// Halide dimension 0 is the last PyTorch dimension: x(c, t, b) is x[b, t, c], w_k(i, o) is
// w_k[o, i], state0(c, j) is state0[j, c].
#pragma once
#include <ekb/kernel.h>

namespace task {

constexpr float kEps = 1e-5f;

struct Algorithm {
    Halide::ImageParam x{Halide::Float(32), 3, "x"};            // [1, T, C]
    Halide::ImageParam prev_x{Halide::Float(32), 2, "prev_x"};  // [1, C]
    Halide::ImageParam state0{Halide::Float(32), 2, "state0"};  // [2, C]: a, b
    Halide::ImageParam ln_w{Halide::Float(32), 1, "ln_w"}, ln_b{Halide::Float(32), 1, "ln_b"};
    Halide::ImageParam mix_k{Halide::Float(32), 1, "mix_k"}, mix_v{Halide::Float(32), 1, "mix_v"},
        mix_r{Halide::Float(32), 1, "mix_r"};
    Halide::ImageParam w_k{Halide::Float(32), 2, "w_k"}, w_v{Halide::Float(32), 2, "w_v"},
        w_r{Halide::Float(32), 2, "w_r"}, w_o{Halide::Float(32), 2, "w_o"};  // [C, C]
    Halide::ImageParam decay{Halide::Float(32), 1, "decay"}, first{Halide::Float(32), 1, "first"};
    Halide::Var c{"c"}, t{"t"}, b{"b"};
    Halide::RDom ri;  // channels (C): LayerNorm and the projections
    Halide::RDom rt;  // tokens (T): the WKV scan
    Halide::Func mean{"mean"}, var{"var"}, xx{"xx"}, xs{"xs"};
    Halide::Func kin{"kin"}, vin{"vin"}, rin{"rin"};
    Halide::Func k_dot{"k_dot"}, v_dot{"v_dot"}, r_dot{"r_dot"};
    Halide::Func st{"st"}, wkv{"wkv"}, y{"y"};
    Halide::Func o_dot{"o_dot"}, out{"out"};

    static void project(Halide::Func dot, Halide::ImageParam w, Halide::Func in, Halide::RDom r, Halide::Var c,
                        Halide::Var t) {
        dot(c, t) = 0.0f;
        dot(c, t) += w(r, c) * in(r, t);
    }

    Algorithm() {
        using namespace Halide;
        Expr C = x.dim(0).extent(), T = x.dim(1).extent();
        ri = RDom(0, C, "ri");
        rt = RDom(0, T, "rt");
        mean(t) = 0.0f;
        mean(t) += x(ri, t, 0);
        mean(t) = mean(t) / cast<float>(C);
        var(t) = 0.0f;
        var(t) += (x(ri, t, 0) - mean(t)) * (x(ri, t, 0) - mean(t));
        xx(c, t) = (x(c, t, 0) - mean(t)) / sqrt(var(t) / cast<float>(C) + kEps) * ln_w(c) + ln_b(c);
        xs(c, t) = select(t == 0, prev_x(c, 0), xx(c, max(t - 1, 0)));
        kin(c, t) = xx(c, t) * mix_k(c) + xs(c, t) * (1.0f - mix_k(c));
        vin(c, t) = xx(c, t) * mix_v(c) + xs(c, t) * (1.0f - mix_v(c));
        rin(c, t) = xx(c, t) * mix_r(c) + xs(c, t) * (1.0f - mix_r(c));
        project(k_dot, w_k, kin, ri, c, t);
        project(v_dot, w_v, vin, ri, c, t);
        project(r_dot, w_r, rin, ri, c, t);
        Expr e = exp(-exp(decay(c)));
        st(c, t) = Tuple(0.0f, 0.0f);
        Expr tt = rt, tp = max(tt - 1, 0);
        Expr a_prev = select(tt == 0, state0(c, 0), st(c, tp)[0]);
        Expr b_prev = select(tt == 0, state0(c, 1), st(c, tp)[1]);
        Expr ek = exp(k_dot(c, tt));
        st(c, tt) = Tuple(e * a_prev + ek * v_dot(c, tt), e * b_prev + ek);
        Expr a_t = select(t == 0, state0(c, 0), st(c, max(t - 1, 0))[0]);
        Expr b_t = select(t == 0, state0(c, 1), st(c, max(t - 1, 0))[1]);
        Expr eu = exp(first(c) + k_dot(c, t));
        wkv(c, t) = (a_t + eu * v_dot(c, t)) / (b_t + eu);
        y(c, t) = wkv(c, t) / (1.0f + exp(-r_dot(c, t)));
        project(o_dot, w_o, y, ri, c, t);
        out(c, t, b) = x(c, t, b) + o_dot(c, t);
    }

    ekb::Kernel kernel() {
        return {{x, prev_x, state0, ln_w, ln_b, mix_k, mix_v, mix_r, w_k, w_v, w_r, w_o, decay, first}, {out}};
    }
};

}  // namespace task
