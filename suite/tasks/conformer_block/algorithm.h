// Halide reference algorithm for task `conformer_block`: one ESPnet Conformer encoder layer,
// 4 heads of dk = D / 4, x [T, D] time-major:
//   x1 = x  + 0.5 (swish(LN_a(x)  W1[0]^T + b1[0]) W2[0]^T + b2[0])           macaron FFN
//   x2 = x1 + ctx Wo^T + bo                                                    relpos MHSA
//        q, k, v = LN_m(x1) W^T + b; p = pos_emb W_pos^T
//        scores(s, t, h) = ((q[t] + u_h) . k[s] + (q[t] + v_h) . p[T - 1 - t + s]) / sqrt(dk)
//        ctx(d, t, h) = sum_s softmax_s(scores) v[s, h dk + d]; Wo reads ctx(d, t, h) at column h dk + d
//   x3 = x2 + pw2_b + pw2 swish(dw_b + depthwise31(glu(pw1 LN_c(x2) + pw1_b), pad 15))
//   x4 = x3 + 0.5 (swish(LN_f(x3) W1[1]^T + b1[1]) W2[1]^T + b2[1])
//   y  = LN_y(x4)
// Every LayerNorm: biased variance, eps 1e-12. Halide dimension 0 is the last PyTorch
// dimension: x(c, t) is x[t, c], ff_W1(k, f, i) is ff_W1[i, f, k], pw1_w(0, k, o) is
// pw1_w[o, k, 0], dw_w(j, 0, c) is dw_w[c, 0, j], pos_bias_u(d, h) is pos_bias_u[h, d].
#pragma once
#include <ekb/kernel.h>

namespace task {

inline Halide::Expr swish(Halide::Expr v) { return v / (1.0f + Halide::exp(-v)); }

// One LayerNorm over dimension 0 (the features) of `in`, with affine weight and bias.
struct LayerNorm {
    Halide::Func sum, mean, sum_sq, rstd, out;
    LayerNorm(const std::string &name, Halide::Func in, Halide::Expr weight, Halide::Expr bias, Halide::Var c,
              Halide::Var t, Halide::RDom r, float eps)
        : sum(name + "_sum"), mean(name + "_mean"), sum_sq(name + "_sum_sq"), rstd(name + "_rstd"), out(name) {
        Halide::Expr n = Halide::cast<float>(r.x.extent());
        sum(t) = 0.0f;
        sum(t) += in(r, t);
        mean(t) = sum(t) / n;
        sum_sq(t) = 0.0f;
        sum_sq(t) += (in(r, t) - mean(t)) * (in(r, t) - mean(t));
        rstd(t) = 1.0f / Halide::sqrt(sum_sq(t) / n + eps);
        out(c, t) = (in(c, t) - mean(t)) * rstd(t) * weight + bias;
    }
};

struct Algorithm {
    static constexpr int heads = 4;       // = get_init_inputs() in reference.py
    static constexpr float eps = 1e-12f;  // ESPnet's LayerNorm eps
    static constexpr int taps = 31;       // the depthwise kernel (dw_w's last dimension)

    Halide::ImageParam x{Halide::Float(32), 2, "x"};                    // [T, D]
    Halide::ImageParam pos_emb{Halide::Float(32), 2, "pos_emb"};        // [2T - 1, D]
    Halide::ImageParam ff_ln_w{Halide::Float(32), 2, "ff_ln_w"};        // [2, D]
    Halide::ImageParam ff_ln_b{Halide::Float(32), 2, "ff_ln_b"};        // [2, D]
    Halide::ImageParam ff_W1{Halide::Float(32), 3, "ff_W1"};            // [2, F, D]
    Halide::ImageParam ff_b1{Halide::Float(32), 2, "ff_b1"};            // [2, F]
    Halide::ImageParam ff_W2{Halide::Float(32), 3, "ff_W2"};            // [2, D, F]
    Halide::ImageParam ff_b2{Halide::Float(32), 2, "ff_b2"};            // [2, D]
    Halide::ImageParam mha_ln_w{Halide::Float(32), 1, "mha_ln_w"};      // [D]
    Halide::ImageParam mha_ln_b{Halide::Float(32), 1, "mha_ln_b"};      // [D]
    Halide::ImageParam Wq{Halide::Float(32), 2, "Wq"};                  // [D, D]
    Halide::ImageParam bq{Halide::Float(32), 1, "bq"};                  // [D]
    Halide::ImageParam Wk{Halide::Float(32), 2, "Wk"};                  // [D, D]
    Halide::ImageParam bk{Halide::Float(32), 1, "bk"};                  // [D]
    Halide::ImageParam Wv{Halide::Float(32), 2, "Wv"};                  // [D, D]
    Halide::ImageParam bv{Halide::Float(32), 1, "bv"};                  // [D]
    Halide::ImageParam Wo{Halide::Float(32), 2, "Wo"};                  // [D, D]
    Halide::ImageParam bo{Halide::Float(32), 1, "bo"};                  // [D]
    Halide::ImageParam W_pos{Halide::Float(32), 2, "W_pos"};            // [D, D]
    Halide::ImageParam pos_bias_u{Halide::Float(32), 2, "pos_bias_u"};  // [4, D/4]
    Halide::ImageParam pos_bias_v{Halide::Float(32), 2, "pos_bias_v"};  // [4, D/4]
    Halide::ImageParam conv_ln_w{Halide::Float(32), 1, "conv_ln_w"};    // [D]
    Halide::ImageParam conv_ln_b{Halide::Float(32), 1, "conv_ln_b"};    // [D]
    Halide::ImageParam pw1_w{Halide::Float(32), 3, "pw1_w"};            // [2D, D, 1]
    Halide::ImageParam pw1_b{Halide::Float(32), 1, "pw1_b"};            // [2D]
    Halide::ImageParam dw_w{Halide::Float(32), 3, "dw_w"};              // [D, 1, 31]
    Halide::ImageParam dw_b{Halide::Float(32), 1, "dw_b"};              // [D]
    Halide::ImageParam pw2_w{Halide::Float(32), 3, "pw2_w"};            // [D, D, 1]
    Halide::ImageParam pw2_b{Halide::Float(32), 1, "pw2_b"};            // [D]
    Halide::ImageParam final_ln_w{Halide::Float(32), 1, "final_ln_w"};  // [D]
    Halide::ImageParam final_ln_b{Halide::Float(32), 1, "final_ln_b"};  // [D]

    // c: a feature, t: a frame (query), s: a key frame, j: a relative position row, h: a
    // head, g: a GLU half (0 value, 1 gate).
    Halide::Var c{"c"}, t{"t"}, s{"key"}, j{"j"}, h{"h"}, g{"g"};
    Halide::RDom rk;  // over the D features: LayerNorms and projections from D
    Halide::RDom rf;  // over the F hidden features: the FFNs' second layers
    Halide::RDom rd;  // over a head's dk dimensions
    Halide::RDom rs;  // over the T key frames
    Halide::RDom rw;  // the 31 depthwise taps
    Halide::RDom rhd; // over (a head's dk dimensions, the heads): Wo

    // macaron FFN (a) and second FFN (b)
    Halide::Func x_in{"x_in"};
    Halide::Func f1a_dot{"f1a_dot"}, ffa{"ffa"}, f2a_dot{"f2a_dot"}, x1{"x1"};
    Halide::Func f1b_dot{"f1b_dot"}, ffb{"ffb"}, f2b_dot{"f2b_dot"}, x4{"x4"};
    // MHSA
    Halide::Func q_dot{"q_dot"}, q{"q"}, k_dot{"k_dot"}, k{"k"}, v_dot{"v_dot"}, v{"v"};
    Halide::Func p_dot{"p_dot"};
    Halide::Func s_dot{"s_dot"}, scores{"scores"}, row_max{"row_max"}, ex{"ex"}, row_sum{"row_sum"};
    Halide::Func probs{"probs"}, ctx{"ctx"}, o_dot{"o_dot"}, x2{"x2"};
    // conv module
    Halide::Func pw1{"pw1"}, glu{"glu"}, glu_padded{"glu_padded"}, dw{"dw"}, act{"act"}, pw2{"pw2"}, x3{"x3"};
    LayerNorm lna, lnm, lnc, lnf, lny;  // lny.out is the output

    Algorithm() : lna(make_a()), lnm(make_m()), lnc(make_c()), lnf(make_f()), lny(make_y()) {}

    ekb::Kernel kernel() {
        return {{x, pos_emb, ff_ln_w, ff_ln_b, ff_W1, ff_b1, ff_W2, ff_b2, mha_ln_w, mha_ln_b, Wq, bq, Wk, bk, Wv, bv, Wo,
                 bo, W_pos, pos_bias_u, pos_bias_v, conv_ln_w, conv_ln_b, pw1_w, pw1_b, dw_w, dw_b, pw2_w, pw2_b,
                 final_ln_w, final_ln_b},
                {lny.out}};
    }

private:
    // The macaron FFN and LN_m's input x1.
    LayerNorm make_a() {
        using namespace Halide;
        Expr D = x.dim(0).extent();
        rk = RDom(0, D, "rk");
        rf = RDom(0, ff_W1.dim(1).extent(), "rf");
        rd = RDom(0, D / heads, "rd");
        rs = RDom(0, x.dim(1).extent(), "rs");
        rw = RDom(0, taps, "rw");
        rhd = RDom(0, D / heads, 0, heads, "rhd");
        x_in(c, t) = x(c, t);
        return LayerNorm("ln_a", x_in, ff_ln_w(c, 0), ff_ln_b(c, 0), c, t, rk, eps);
    }

    LayerNorm make_m() {
        using namespace Halide;
        f1a_dot(c, t) = 0.0f;
        f1a_dot(c, t) += lna.out(rk, t) * ff_W1(rk, c, 0);
        ffa(c, t) = swish(f1a_dot(c, t) + ff_b1(c, 0));
        f2a_dot(c, t) = 0.0f;
        f2a_dot(c, t) += ffa(rf, t) * ff_W2(rf, c, 0);
        x1(c, t) = x(c, t) + 0.5f * (f2a_dot(c, t) + ff_b2(c, 0));
        return LayerNorm("ln_m", x1, mha_ln_w(c), mha_ln_b(c), c, t, rk, eps);
    }

    LayerNorm make_c() {
        using namespace Halide;
        Expr T = x.dim(1).extent();
        Expr dk = x.dim(0).extent() / heads;
        q_dot(c, t) = 0.0f;
        q_dot(c, t) += lnm.out(rk, t) * Wq(rk, c);
        q(c, t) = q_dot(c, t) + bq(c);
        k_dot(c, t) = 0.0f;
        k_dot(c, t) += lnm.out(rk, t) * Wk(rk, c);
        k(c, t) = k_dot(c, t) + bk(c);
        v_dot(c, t) = 0.0f;
        v_dot(c, t) += lnm.out(rk, t) * Wv(rk, c);
        v(c, t) = v_dot(c, t) + bv(c);
        p_dot(c, j) = 0.0f;
        p_dot(c, j) += W_pos(rk, c) * pos_emb(rk, j);
        Expr col = h * dk + rd;
        s_dot(s, t, h) = 0.0f;
        s_dot(s, t, h) += (q(col, t) + pos_bias_u(rd, h)) * k(col, s) +
                          (q(col, t) + pos_bias_v(rd, h)) * p_dot(col, T - 1 - t + s);
        scores(s, t, h) = s_dot(s, t, h) / sqrt(cast<float>(dk));
        row_max(t, h) = scores(0, t, h);
        row_max(t, h) = max(row_max(t, h), scores(rs, t, h));
        ex(s, t, h) = exp(scores(s, t, h) - row_max(t, h));
        row_sum(t, h) = 0.0f;
        row_sum(t, h) += ex(rs, t, h);
        probs(s, t, h) = ex(s, t, h) / row_sum(t, h);
        // ctx per head: ctx(d, t, h) is the concatenated heads' column h dk + d.
        ctx(c, t, h) = 0.0f;
        ctx(c, t, h) += probs(rs, t, h) * v(h * dk + c, rs);
        o_dot(c, t) = 0.0f;
        o_dot(c, t) += ctx(rhd.x, t, rhd.y) * Wo(rhd.y * dk + rhd.x, c);
        x2(c, t) = x1(c, t) + (o_dot(c, t) + bo(c));
        return LayerNorm("ln_c", x2, conv_ln_w(c), conv_ln_b(c), c, t, rk, eps);
    }

    LayerNorm make_f() {
        using namespace Halide;
        Expr D = x.dim(0).extent(), T = x.dim(1).extent();
        pw1(c, g, t) = 0.0f;
        pw1(c, g, t) += pw1_w(0, rk, c + g * D) * lnc.out(rk, t);
        Expr a = pw1(c, 0, t) + pw1_b(c), b = pw1(c, 1, t) + pw1_b(c + D);
        glu(c, t) = a * (1.0f / (1.0f + exp(-b)));
        glu_padded(c, t) = BoundaryConditions::constant_exterior(glu, 0.0f, {{0, D}, {0, T}})(c, t);
        dw(c, t) = 0.0f;
        dw(c, t) += dw_w(rw, 0, c) * glu_padded(c, t + rw - taps / 2);
        act(c, t) = swish(dw(c, t) + dw_b(c));
        pw2(c, t) = 0.0f;
        pw2(c, t) += pw2_w(0, rk, c) * act(rk, t);
        x3(c, t) = x2(c, t) + (pw2(c, t) + pw2_b(c));
        return LayerNorm("ln_f", x3, ff_ln_w(c, 1), ff_ln_b(c, 1), c, t, rk, eps);
    }

    LayerNorm make_y() {
        using namespace Halide;
        f1b_dot(c, t) = 0.0f;
        f1b_dot(c, t) += lnf.out(rk, t) * ff_W1(rk, c, 1);
        ffb(c, t) = swish(f1b_dot(c, t) + ff_b1(c, 1));
        f2b_dot(c, t) = 0.0f;
        f2b_dot(c, t) += ffb(rf, t) * ff_W2(rf, c, 1);
        x4(c, t) = x3(c, t) + 0.5f * (f2b_dot(c, t) + ff_b2(c, 1));
        return LayerNorm("ln_y", x4, final_ln_w(c), final_ln_b(c), c, t, rk, eps);
    }
};

}  // namespace task
