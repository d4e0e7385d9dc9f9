// Halide reference algorithm for task `rnnoise_band_gain_stage`: the band stage of RNNoise
// after the denoise GRU, for T frames (rnnoise denoise.c, rnnoise_process_frame):
//   g(b, t)   = sigmoid(b_out + W_out state)                          22 band gains
//   E(v)(b)   = sum_k w(k, b) v(k) (x2 for the first and last band)    compute_band_energy
//   interp(v)(k) = (1 - frac) v(band(k)) + frac v(band(k) + 1), 0 from bin 400 on
//   Ex, Ep = E(|X|^2), E(|P|^2);  Exp = E(Re(X conj P)) / sqrt(.001 + Ex Ep)
//   r = Exp > g ? 1 : Exp^2 (1 - g^2) / (.001 + g^2 (1 - Exp^2)); r = sqrt(clamp(r, 0, 1)) sqrt(Ex / (1e-8 + Ep))
//   X1 = X + interp(r) P;  X2 = X1 interp(sqrt(Ex / (1e-8 + E(|X1|^2))))       pitch_filter
//   gs(b, t) = max(g(b, t), 0.6 gs(b, t - 1)), gs(b, -1) = lastg(b);  Y = X2 interp(gs)
// The bands: edges 4 eband5ms[i] (bins), band(k) the band whose [edge_i, edge_{i+1}) holds k,
// frac = (float)(k - edge) / (float)size. Halide dimension 0 is the last PyTorch dimension:
// X_re(k, t) is X_re[t, k], W_out(s, b) is W_out[b, s].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    static constexpr int bands = 22, bins = 481, last_bin = 400;  // 4 * eband5ms[21]
    static constexpr float alpha = 0.6f;                            // = get_init_inputs()
    static constexpr int eband5ms[bands] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 10, 12, 14, 16, 20, 24, 28, 34, 40, 48, 60, 78, 100};

    Halide::ImageParam X_re{Halide::Float(32), 2, "X_re"};    // [T, 481]
    Halide::ImageParam X_im{Halide::Float(32), 2, "X_im"};    // [T, 481]
    Halide::ImageParam P_re{Halide::Float(32), 2, "P_re"};    // [T, 481]
    Halide::ImageParam P_im{Halide::Float(32), 2, "P_im"};    // [T, 481]
    Halide::ImageParam state{Halide::Float(32), 2, "state"};  // [T, S]
    Halide::ImageParam W_out{Halide::Float(32), 2, "W_out"};  // [22, S]
    Halide::ImageParam b_out{Halide::Float(32), 1, "b_out"};  // [22]
    Halide::ImageParam lastg{Halide::Float(32), 1, "lastg"};  // [22]
    // k: a bin, b: a band, t: a frame.
    Halide::Var k{"k"}, b{"b"}, t{"t"};
    Halide::RDom rs;  // the S state features
    Halide::RDom rk;  // the 481 bins
    Halide::RDom rt;  // the T frames: the gain smoothing
    Halide::Func band{"band"}, frac{"frac"};              // per bin: its band, its position in it
    Halide::Func w{"w"};                                  // the band-energy weights w(k, b)
    Halide::Func gl{"gl"}, g{"g"};                        // the dense layer, its sigmoid
    Halide::Func ex_sum{"ex_sum"}, ep_sum{"ep_sum"}, exp_sum{"exp_sum"};  // band sums
    Halide::Func Ex{"Ex"}, Ep{"Ep"}, Exp{"Exp"};
    Halide::Func r{"r"};                                  // the pitch filter's band gains
    Halide::Func X1_re{"X1_re"}, X1_im{"X1_im"};          // X + interp(r) P
    Halide::Func new_sum{"new_sum"}, norm{"norm"};        // E(|X1|^2), sqrt(Ex / (1e-8 + newE))
    Halide::Func X2_re{"X2_re"}, X2_im{"X2_im"};          // X1 interp(norm)
    Halide::Func gs{"gs"};                                // the smoothed gains (scan over t)
    Halide::Func Y_re{"Y_re"}, Y_im{"Y_im"}, lastg_out{"lastg_out"};  // the outputs

    // The band-to-bin interpolation of v(b, t) at bin k (0 from bin 400 on).
    Halide::Expr interp(Halide::Func v, Halide::Expr kk, Halide::Expr tt) {
        using namespace Halide;
        Expr bk = clamp(band(kk), 0, bands - 2);
        return select(kk >= last_bin, 0.0f, (1.0f - frac(kk)) * v(bk, tt) + frac(kk) * v(bk + 1, tt));
    }

    Algorithm() {
        using namespace Halide;
        Expr T = X_re.dim(1).extent();
        rs = RDom(0, state.dim(0).extent(), "rs");
        rk = RDom(0, bins, "rk");
        rt = RDom(0, T, "rt");
        // band(k): the number of band edges (after the first) at or below k; frac from its edge.
        Expr bk = 0, start = 0, size = 4;
        for (int i = 1; i < bands; i++) bk += select(k >= 4 * eband5ms[i], 1, 0);
        for (int i = 0; i + 1 < bands; i++) {
            start = select(bk == i, 4 * eband5ms[i], start);
            size = select(bk == i, 4 * (eband5ms[i + 1] - eband5ms[i]), size);
        }
        band(k) = bk;
        frac(k) = cast<float>(k - start) / cast<float>(size);
        Expr kb = band(k), fr = frac(k);
        w(k, b) = select(k >= last_bin, 0.0f, kb == b, 1.0f - fr, kb == b - 1, fr, 0.0f);
        Expr edge = select(b == 0 || b == bands - 1, 2.0f, 1.0f);

        gl(b, t) = b_out(b);
        gl(b, t) += W_out(rs, b) * state(rs, t);
        g(b, t) = 1.0f / (1.0f + exp(-gl(b, t)));

        ex_sum(b, t) = 0.0f;
        ex_sum(b, t) += w(rk, b) * (X_re(rk, t) * X_re(rk, t) + X_im(rk, t) * X_im(rk, t));
        ep_sum(b, t) = 0.0f;
        ep_sum(b, t) += w(rk, b) * (P_re(rk, t) * P_re(rk, t) + P_im(rk, t) * P_im(rk, t));
        exp_sum(b, t) = 0.0f;
        exp_sum(b, t) += w(rk, b) * (X_re(rk, t) * P_re(rk, t) + X_im(rk, t) * P_im(rk, t));
        Ex(b, t) = ex_sum(b, t) * edge;
        Ep(b, t) = ep_sum(b, t) * edge;
        Exp(b, t) = exp_sum(b, t) * edge / sqrt(0.001f + Ex(b, t) * Ep(b, t));

        Expr e = Exp(b, t), gg = g(b, t);
        Expr rr = select(e > gg, 1.0f, e * e * (1.0f - gg * gg) / (0.001f + gg * gg * (1.0f - e * e)));
        r(b, t) = sqrt(clamp(rr, 0.0f, 1.0f)) * sqrt(Ex(b, t) / (1e-8f + Ep(b, t)));

        Expr rf = interp(r, k, t);
        X1_re(k, t) = X_re(k, t) + rf * P_re(k, t);
        X1_im(k, t) = X_im(k, t) + rf * P_im(k, t);
        new_sum(b, t) = 0.0f;
        new_sum(b, t) += w(rk, b) * (X1_re(rk, t) * X1_re(rk, t) + X1_im(rk, t) * X1_im(rk, t));
        norm(b, t) = sqrt(Ex(b, t) / (1e-8f + new_sum(b, t) * edge));
        Expr nf = interp(norm, k, t);
        X2_re(k, t) = X1_re(k, t) * nf;
        X2_im(k, t) = X1_im(k, t) * nf;

        gs(b, t) = g(b, t);
        gs(b, rt) = max(g(b, rt), alpha * select(rt == 0, lastg(b), gs(b, max(rt - 1, 0))));
        Expr gf = interp(gs, k, t);
        Y_re(k, t) = X2_re(k, t) * gf;
        Y_im(k, t) = X2_im(k, t) * gf;
        lastg_out(b) = gs(b, T - 1);
    }

    ekb::Kernel kernel() { return {{X_re, X_im, P_re, P_im, state, W_out, b_out, lastg}, {Y_re, Y_im, lastg_out}}; }
};

}  // namespace task
