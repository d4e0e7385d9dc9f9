// Halide reference algorithm for task `attention_head`: one attention head,
// out = softmax(Q K^T * scale) V with scale = 1/sqrt(Dh) and the stable softmax over keys.
// Halide dimension 0 is the last PyTorch dimension: Q(d, t) is Q[t, d], K(d, s) is K[s, d],
// V(d, s) is V[s, d], out(d, t) is out[t, d].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    Halide::ImageParam Q{Halide::Float(32), 2, "Q"};  // [T, Dh]
    Halide::ImageParam K{Halide::Float(32), 2, "K"};  // [S, Dh]
    Halide::ImageParam V{Halide::Float(32), 2, "V"};  // [S, Dh]
    Halide::Var s{"key"}, t{"t"}, d{"d"};  // s keys (S), t queries (T), d the head dimension (Dh)
    Halide::RDom rd;                     // the head dimension, reduced by Q K^T
    Halide::RDom rs;                     // the keys, reduced by the softmax and by P V
    Halide::Func dot{"dot"};          // sum_d Q[t, d] * K[s, d]
    Halide::Func scores{"scores"};    // dot * scale
    Halide::Func row_max{"row_max"};  // max over the keys (starts from the first key)
    Halide::Func ex{"ex"};            // exp(scores - row_max)
    Halide::Func row_sum{"row_sum"};  // sum of ex over the keys
    Halide::Func probs{"probs"};      // ex / row_sum: the attention probabilities
    Halide::Func pv{"pv"};            // sum_s probs[t, s] * V[s, d]
    Halide::Func out{"out"};          // the output

    Algorithm() {
        Halide::Expr scale = 1.0f / Halide::sqrt(Halide::cast<float>(Q.dim(0).extent()));
        rd = Halide::RDom(0, Q.dim(0).extent(), "rd");
        rs = Halide::RDom(0, K.dim(1).extent(), "rs");
        dot(s, t) = 0.0f;
        dot(s, t) += Q(rd, t) * K(rd, s);
        scores(s, t) = dot(s, t) * scale;
        row_max(t) = scores(0, t);
        row_max(t) = Halide::max(row_max(t), scores(rs, t));
        ex(s, t) = Halide::exp(scores(s, t) - row_max(t));
        row_sum(t) = 0.0f;
        row_sum(t) += ex(rs, t);
        probs(s, t) = ex(s, t) / row_sum(t);
        pv(d, t) = 0.0f;
        pv(d, t) += probs(rs, t) * V(d, rs);
        out(d, t) = pv(d, t);
    }

    ekb::Kernel kernel() { return {{Q, K, V}, {out}}; }
};

}  // namespace task
