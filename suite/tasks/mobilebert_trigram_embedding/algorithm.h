// Halide reference algorithm for task `mobilebert_trigram_embedding`: MobileBERT's input
// embedding (HF MobileBertEmbeddings with trigram_input and NoNorm), batch 1:
//   e(t) = word_emb[ids[t]]                    (zero for t < 0 or t >= T: the trigram's pad)
//   dot[t, d] = sum_k e(t+1)[k] W[d, k] + e(t)[k] W[d, E + k] + e(t-1)[k] W[d, 2E + k]
//   y[t, d] = (dot + b[d] + pos_emb[t, d] + type_emb[token_type[t], d]) * nn_w[d] + nn_b[d]
// Halide dimension 0 is the last PyTorch dimension: word_emb(k, v) is word_emb[v, k],
// W(k, d) is W[d, k], y(d, t) is y[t, d].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    Halide::ImageParam ids{Halide::Int(32), 1, "ids"};                // [T]
    Halide::ImageParam token_type{Halide::Int(32), 1, "token_type"};  // [T]
    Halide::ImageParam word_emb{Halide::Float(32), 2, "word_emb"};    // [V, E]
    Halide::ImageParam W{Halide::Float(32), 2, "W"};                  // [D, 3E]
    Halide::ImageParam b{Halide::Float(32), 1, "b"};                  // [D]
    Halide::ImageParam pos_emb{Halide::Float(32), 2, "pos_emb"};      // [P, D]
    Halide::ImageParam type_emb{Halide::Float(32), 2, "type_emb"};    // [2, D]
    Halide::ImageParam nn_w{Halide::Float(32), 1, "nn_w"};            // [D]
    Halide::ImageParam nn_b{Halide::Float(32), 1, "nn_b"};            // [D]

    Halide::Var k{"k"}, d{"d"}, t{"t"};
    Halide::RDom rk;              // over the E embedding features
    Halide::Func e{"e"};          // the token's embedding, zero outside [0, T)
    Halide::Func dot{"dot"};      // the trigram dense layer without its bias
    Halide::Func y{"y"};          // the output

    Algorithm() {
        using namespace Halide;
        Expr T = ids.dim(0).extent(), V = word_emb.dim(1).extent(), E = word_emb.dim(0).extent();
        rk = RDom(0, E, "rk");
        Expr tc = clamp(t, 0, T - 1);
        e(k, t) = select(t >= 0 && t < T, word_emb(k, clamp(ids(tc), 0, V - 1)), 0.0f);
        dot(d, t) = 0.0f;
        dot(d, t) += e(rk, t + 1) * W(rk, d) + e(rk, t) * W(E + rk, d) + e(rk, t - 1) * W(2 * E + rk, d);
        Expr tt = clamp(token_type(t), 0, 1);
        y(d, t) = (dot(d, t) + b(d) + pos_emb(d, t) + type_emb(d, tt)) * nn_w(d) + nn_b(d);
    }

    ekb::Kernel kernel() { return {{ids, token_type, word_emb, W, b, pos_emb, type_emb, nn_w, nn_b}, {y}}; }
};

}  // namespace task
