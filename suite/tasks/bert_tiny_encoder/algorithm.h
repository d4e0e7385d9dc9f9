// Halide reference algorithm for task `bert_tiny_encoder`: the whole BERT-tiny (HF BertModel),
// batch 1, no mask: embeddings + LayerNorm, 2 post-LN layers with D / 64 heads of 64 and an
// exact-GELU FFN, the tanh pooler on the first token.
//   h0 = LN_emb(word_emb[ids[t]] + pos_emb[t] + type_emb[token_type[t]])
//   per layer: qkv = h Wqkv^T + bqkv; ctx[t, h*64 + d] = sum_s softmax_s(q_h[t] . k_h[s] / 8) v_h[s, d]
//              a = LN1(ctx Wo^T + bo + h);  h = LN2(gelu_erf(a W1^T + b1) W2^T + b2 + a)
//   pooled = tanh(h[0] pool_W^T + pool_b)
// erf is the Abramowitz-Stegun 7.1.26 approximation (max abs error 1.5e-7).
// Halide dimension 0 is the last PyTorch dimension: word_emb(c, v) is word_emb[v, c],
// Wqkv(k, c, l) is Wqkv[l, c, k], hidden(c, t) is hidden[t, c].
#pragma once
#include <ekb/kernel.h>

#include <cmath>
#include <string>
#include <vector>

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

// One LayerNorm over dimension 0 (the features) of `in`(c, t), with affine weight and bias.
struct LayerNorm {
    Halide::Func sum, mean, sum_sq, rstd, out;
    LayerNorm() = default;
    LayerNorm(const std::string &n, Halide::Func in, Halide::Expr w, Halide::Expr b, Halide::Var c, Halide::Var t,
              Halide::RDom r, float eps)
        : sum(n + "_sum"), mean(n + "_mean"), sum_sq(n + "_sum_sq"), rstd(n + "_rstd"), out(n) {
        Halide::Expr cnt = Halide::cast<float>(r.x.extent());
        sum(t) = 0.0f;
        sum(t) += in(r, t);
        mean(t) = sum(t) / cnt;
        sum_sq(t) = 0.0f;
        sum_sq(t) += (in(r, t) - mean(t)) * (in(r, t) - mean(t));
        rstd(t) = 1.0f / Halide::sqrt(sum_sq(t) / cnt + eps);
        out(c, t) = (in(c, t) - mean(t)) * rstd(t) * w + b;
    }
};

// The stages of one post-LN encoder layer.
struct Layer {
    Halide::Func qkv_dot, qkv, s_dot, scores, row_max, ex, row_sum, probs, ctx, o_dot, res1, f1_dot, ff, f2_dot, res2;
    LayerNorm ln1, ln2;  // ln1.out = a, ln2.out = the layer's output
};

struct Algorithm {
    static constexpr int head_dim = 64;  // = get_init_inputs() in reference.py
    static constexpr int num_layers = 2;
    static constexpr float eps = 1e-12f;

    using IP = Halide::ImageParam;
    IP ids{Halide::Int(32), 1, "ids"}, token_type{Halide::Int(32), 1, "token_type"};  // [T]
    IP word_emb{Halide::Float(32), 2, "word_emb"};  // [V, D]
    IP pos_emb{Halide::Float(32), 2, "pos_emb"};    // [P, D]
    IP type_emb{Halide::Float(32), 2, "type_emb"};  // [2, D]
    IP emb_ln_w{Halide::Float(32), 1, "emb_ln_w"}, emb_ln_b{Halide::Float(32), 1, "emb_ln_b"};
    IP Wqkv{Halide::Float(32), 3, "Wqkv"}, bqkv{Halide::Float(32), 2, "bqkv"};  // [2, 3D, D], [2, 3D]
    IP Wo{Halide::Float(32), 3, "Wo"}, bo{Halide::Float(32), 2, "bo"};          // [2, D, D], [2, D]
    IP ln1_w{Halide::Float(32), 2, "ln1_w"}, ln1_b{Halide::Float(32), 2, "ln1_b"};
    IP W1{Halide::Float(32), 3, "W1"}, b1{Halide::Float(32), 2, "b1"};  // [2, F, D], [2, F]
    IP W2{Halide::Float(32), 3, "W2"}, b2{Halide::Float(32), 2, "b2"};  // [2, D, F], [2, D]
    IP ln2_w{Halide::Float(32), 2, "ln2_w"}, ln2_b{Halide::Float(32), 2, "ln2_b"};
    IP pool_W{Halide::Float(32), 2, "pool_W"}, pool_b{Halide::Float(32), 1, "pool_b"};  // [D, D], [D]

    // c: a feature column, t: a token (query), s: a key token, h: a head.
    Halide::Var c{"c"}, t{"t"}, s{"key"}, h{"h"};
    Halide::RDom rk;  // over the model features (D)
    Halide::RDom rd;  // over a head's dimension (64)
    Halide::RDom rs;  // over the key tokens (T)
    Halide::RDom rf;  // over the FFN features (F)

    Halide::Func emb{"emb"};        // word + position + type embedding
    LayerNorm emb_ln;               // emb_ln.out = h0
    std::vector<Layer> layers;
    Halide::Func hidden{"hidden"};  // the last layer's output: the first output
    Halide::Func pool_dot{"pool_dot"};  // h[0] pool_W^T
    Halide::Func pooled{"pooled"};      // tanh(pool_dot + pool_b): the second output

    Algorithm() {
        using namespace Halide;
        Expr T = ids.dim(0).extent(), V = word_emb.dim(1).extent(), D = word_emb.dim(0).extent();
        Expr Fd = W1.dim(1).extent();
        rk = RDom(0, D, "rk");
        rd = RDom(0, head_dim, "rd");
        rs = RDom(0, T, "rs");
        rf = RDom(0, Fd, "rf");
        emb(c, t) = word_emb(c, clamp(ids(t), 0, V - 1)) + pos_emb(c, t) + type_emb(c, clamp(token_type(t), 0, 1));
        emb_ln = LayerNorm("emb_ln", emb, emb_ln_w(c), emb_ln_b(c), c, t, rk, eps);
        Func x = emb_ln.out;
        for (int l = 0; l < num_layers; l++) {
            Layer L;
            std::string n = "l" + std::to_string(l) + "_";
            for (auto [f, name] : std::vector<std::pair<Func *, std::string>>{
                     {&L.qkv_dot, "qkv_dot"}, {&L.qkv, "qkv"}, {&L.s_dot, "s_dot"}, {&L.scores, "scores"},
                     {&L.row_max, "row_max"}, {&L.ex, "ex"}, {&L.row_sum, "row_sum"}, {&L.probs, "probs"},
                     {&L.ctx, "ctx"}, {&L.o_dot, "o_dot"}, {&L.res1, "res1"}, {&L.f1_dot, "f1_dot"}, {&L.ff, "ff"},
                     {&L.f2_dot, "f2_dot"}, {&L.res2, "res2"}}) {
                *f = Func(n + name);
            }
            L.qkv_dot(c, t) = 0.0f;
            L.qkv_dot(c, t) += x(rk, t) * Wqkv(rk, c, l);
            L.qkv(c, t) = L.qkv_dot(c, t) + bqkv(c, l);
            L.s_dot(s, t, h) = 0.0f;
            L.s_dot(s, t, h) += L.qkv(h * head_dim + rd, t) * L.qkv(D + h * head_dim + rd, s);
            L.scores(s, t, h) = L.s_dot(s, t, h) * (1.0f / std::sqrt(float(head_dim)));
            L.row_max(t, h) = L.scores(0, t, h);
            L.row_max(t, h) = max(L.row_max(t, h), L.scores(rs, t, h));
            L.ex(s, t, h) = exp(L.scores(s, t, h) - L.row_max(t, h));
            L.row_sum(t, h) = 0.0f;
            L.row_sum(t, h) += L.ex(rs, t, h);
            L.probs(s, t, h) = L.ex(s, t, h) / L.row_sum(t, h);
            L.ctx(c, t) = 0.0f;
            L.ctx(c, t) += L.probs(rs, t, c / head_dim) * L.qkv(2 * D + c, rs);
            L.o_dot(c, t) = 0.0f;
            L.o_dot(c, t) += L.ctx(rk, t) * Wo(rk, c, l);
            L.res1(c, t) = L.o_dot(c, t) + bo(c, l) + x(c, t);
            L.ln1 = LayerNorm(n + "ln1", L.res1, ln1_w(c, l), ln1_b(c, l), c, t, rk, eps);
            L.f1_dot(c, t) = 0.0f;
            L.f1_dot(c, t) += L.ln1.out(rk, t) * W1(rk, c, l);
            L.ff(c, t) = gelu_erf(L.f1_dot(c, t) + b1(c, l));
            L.f2_dot(c, t) = 0.0f;
            L.f2_dot(c, t) += L.ff(rf, t) * W2(rf, c, l);
            L.res2(c, t) = L.f2_dot(c, t) + b2(c, l) + L.ln1.out(c, t);
            L.ln2 = LayerNorm(n + "ln2", L.res2, ln2_w(c, l), ln2_b(c, l), c, t, rk, eps);
            x = L.ln2.out;
            layers.push_back(L);
        }
        hidden(c, t) = x(c, t);
        pool_dot(c) = 0.0f;
        pool_dot(c) += x(rk, 0) * pool_W(rk, c);
        pooled(c) = tanh(pool_dot(c) + pool_b(c));
    }

    ekb::Kernel kernel() {
        return {{ids, token_type, word_emb, pos_emb, type_emb, emb_ln_w, emb_ln_b, Wqkv, bqkv, Wo, bo, ln1_w, ln1_b,
                 W1, b1, W2, b2, ln2_w, ln2_b, pool_W, pool_b},
                {hidden, pooled}};
    }
};

}  // namespace task
