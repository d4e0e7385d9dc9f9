// Halide reference algorithm for task `whisper_tiny_encoder_block`: Whisper's audio encoder
// ResidualAttentionBlock, batch 1, D / 64 heads of 64, MLP width 4D:
//   h = LN1(x);  q = h Wq^T + bq,  k = h Wk^T,  v = h Wv^T + bv
//   ctx[t, h*64 + d] = sum_s softmax_s(q_h[t] . k_h[s] / 8) v_h[s, d]
//   x1 = x + ctx Wo^T + bo
//   y  = x1 + gelu_erf(LN2(x1) W1^T + b1) W2^T + b2
// erf is the Abramowitz-Stegun 7.1.26 approximation (max abs error 1.5e-7).
// Halide dimension 0 is the last PyTorch dimension: x(c, t) is x[t, c], Wq(k, c) is
// Wq[c, k], y(c, t) is y[t, c].
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

// One LayerNorm over dimension 0 (the features) of `in`, with affine weight and bias:
// the biased variance (mean of squared deviations) as PyTorch.
struct LayerNorm {
    Halide::Func sum{"sum"};        // sum of the row
    Halide::Func mean{"mean"};      // sum / D
    Halide::Func sum_sq{"sum_sq"};  // sum of (in - mean)^2 over the row
    Halide::Func rstd{"rstd"};      // 1 / sqrt(sum_sq / D + eps)
    Halide::Func out{"out"};        // (in - mean) * rstd * weight + bias

    LayerNorm(const std::string &name, Halide::Func in, Halide::ImageParam weight, Halide::ImageParam bias,
              Halide::Var c, Halide::Var t, Halide::RDom r, float eps)
        : sum(name + "_sum"), mean(name + "_mean"), sum_sq(name + "_sum_sq"), rstd(name + "_rstd"), out(name) {
        Halide::Expr n = Halide::cast<float>(r.x.extent());
        sum(t) = 0.0f;
        sum(t) += in(r, t);
        mean(t) = sum(t) / n;
        sum_sq(t) = 0.0f;
        sum_sq(t) += (in(r, t) - mean(t)) * (in(r, t) - mean(t));
        rstd(t) = 1.0f / Halide::sqrt(sum_sq(t) / n + eps);
        out(c, t) = (in(c, t) - mean(t)) * rstd(t) * weight(c) + bias(c);
    }
};

struct Algorithm {
    static constexpr int head_dim = 64;  // = get_init_inputs() in reference.py
    static constexpr float eps = 1e-5f;  // Whisper's LayerNorm eps

    Halide::ImageParam x{Halide::Float(32), 2, "x"};          // [T, D]
    Halide::ImageParam ln1_w{Halide::Float(32), 1, "ln1_w"};  // [D]
    Halide::ImageParam ln1_b{Halide::Float(32), 1, "ln1_b"};  // [D]
    Halide::ImageParam Wq{Halide::Float(32), 2, "Wq"};        // [D, D]
    Halide::ImageParam bq{Halide::Float(32), 1, "bq"};        // [D]
    Halide::ImageParam Wk{Halide::Float(32), 2, "Wk"};        // [D, D]
    Halide::ImageParam Wv{Halide::Float(32), 2, "Wv"};        // [D, D]
    Halide::ImageParam bv{Halide::Float(32), 1, "bv"};        // [D]
    Halide::ImageParam Wo{Halide::Float(32), 2, "Wo"};        // [D, D]
    Halide::ImageParam bo{Halide::Float(32), 1, "bo"};        // [D]
    Halide::ImageParam ln2_w{Halide::Float(32), 1, "ln2_w"};  // [D]
    Halide::ImageParam ln2_b{Halide::Float(32), 1, "ln2_b"};  // [D]
    Halide::ImageParam W1{Halide::Float(32), 2, "W1"};        // [4D, D]
    Halide::ImageParam b1{Halide::Float(32), 1, "b1"};        // [4D]
    Halide::ImageParam W2{Halide::Float(32), 2, "W2"};        // [D, 4D]
    Halide::ImageParam b2{Halide::Float(32), 1, "b2"};        // [D]

    // c: a feature column, t: a token (query), s: a key token, h: a head.
    Halide::Var c{"c"}, t{"t"}, s{"key"}, h{"h"};
    Halide::RDom rk;   // over the model features (D): the projections from D, the LayerNorms
    Halide::RDom rd;   // over a head's dimension (64): q . k
    Halide::RDom rs;   // over the key tokens (T): the softmax and P V
    Halide::RDom rf;   // over the MLP features (4D): fc2

    Halide::Func x_in{"x_in"};        // x as a Func (LN1's input)
    Halide::Func q_dot{"q_dot"}, k_dot{"k_dot"}, v_dot{"v_dot"};  // LN1(x) W^T
    Halide::Func q{"q"}, k{"k"}, v{"v"};                          // + biases (none for k)
    Halide::Func s_dot{"s_dot"};      // q_h[t] . k_h[s]
    Halide::Func scores{"scores"};    // s_dot / 8
    Halide::Func row_max{"row_max"};  // max over the keys (starts from the first)
    Halide::Func ex{"ex"};            // exp(scores - row_max)
    Halide::Func row_sum{"row_sum"};  // sum of ex over the keys
    Halide::Func probs{"probs"};      // ex / row_sum
    Halide::Func ctx{"ctx"};          // sum_s probs * v: the heads, concatenated
    Halide::Func o_dot{"o_dot"};      // ctx Wo^T
    Halide::Func res1{"res1"};        // x + o_dot + bo (x1, the first residual)
    Halide::Func f1_dot{"f1_dot"};    // LN2(x1) W1^T
    Halide::Func ff{"ff"};            // gelu_erf(f1_dot + b1)
    Halide::Func f2_dot{"f2_dot"};    // ff W2^T
    Halide::Func y{"y"};              // x1 + f2_dot + b2: the output
    LayerNorm ln1, ln2;               // ln1.out = LN1(x), ln2.out = LN2(x1)

    Algorithm() : ln1(make_ln1()), ln2(make_ln2()) {
        f1_dot(c, t) = 0.0f;
        f1_dot(c, t) += ln2.out(rk, t) * W1(rk, c);
        ff(c, t) = gelu_erf(f1_dot(c, t) + b1(c));
        f2_dot(c, t) = 0.0f;
        f2_dot(c, t) += ff(rf, t) * W2(rf, c);
        y(c, t) = res1(c, t) + (f2_dot(c, t) + b2(c));
    }

    ekb::Kernel kernel() {
        return {{x, ln1_w, ln1_b, Wq, bq, Wk, Wv, bv, Wo, bo, ln2_w, ln2_b, W1, b1, W2, b2}, {y}};
    }

private:
    LayerNorm make_ln1() {
        Halide::Expr D = x.dim(0).extent();
        rk = Halide::RDom(0, D, "rk");
        rd = Halide::RDom(0, head_dim, "rd");
        rs = Halide::RDom(0, x.dim(1).extent(), "rs");
        rf = Halide::RDom(0, 4 * D, "rf");
        x_in(c, t) = x(c, t);
        return LayerNorm("h1", x_in, ln1_w, ln1_b, c, t, rk, eps);
    }

    // The attention and the first residual (ln2 reads res1).
    LayerNorm make_ln2() {
        using Halide::Expr;
        q_dot(c, t) = 0.0f;
        q_dot(c, t) += ln1.out(rk, t) * Wq(rk, c);
        q(c, t) = q_dot(c, t) + bq(c);
        k_dot(c, t) = 0.0f;
        k_dot(c, t) += ln1.out(rk, t) * Wk(rk, c);
        k(c, t) = k_dot(c, t);
        v_dot(c, t) = 0.0f;
        v_dot(c, t) += ln1.out(rk, t) * Wv(rk, c);
        v(c, t) = v_dot(c, t) + bv(c);
        s_dot(s, t, h) = 0.0f;
        s_dot(s, t, h) += q(h * head_dim + rd, t) * k(h * head_dim + rd, s);
        scores(s, t, h) = s_dot(s, t, h) * (1.0f / 8.0f);
        row_max(t, h) = scores(0, t, h);
        row_max(t, h) = Halide::max(row_max(t, h), scores(rs, t, h));
        ex(s, t, h) = Halide::exp(scores(s, t, h) - row_max(t, h));
        row_sum(t, h) = 0.0f;
        row_sum(t, h) += ex(rs, t, h);
        probs(s, t, h) = ex(s, t, h) / row_sum(t, h);
        ctx(c, t) = 0.0f;
        ctx(c, t) += probs(rs, t, c / head_dim) * v(c, rs);
        o_dot(c, t) = 0.0f;
        o_dot(c, t) += ctx(rk, t) * Wo(rk, c);
        res1(c, t) = x(c, t) + (o_dot(c, t) + bo(c));
        return LayerNorm("h2", res1, ln2_w, ln2_b, c, t, rk, eps);
    }
};

}  // namespace task
