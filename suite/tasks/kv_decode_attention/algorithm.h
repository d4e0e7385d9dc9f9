// Halide reference algorithm for task `kv_decode_attention`: one decode step of multi-head
// attention, out[h] = softmax(q[h] K[h]^T * scale) V[h] with scale = 1/sqrt(Dh) and the
// stable softmax over the cached positions.
// Halide dimension 0 is the last PyTorch dimension: q(d, h) is q[h, d], K(d, s, h) is
// K[h, s, d], V(d, s, h) is V[h, s, d], out(d, h) is out[h, d].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    Halide::ImageParam q{Halide::Float(32), 2, "q"};  // [H, Dh]
    Halide::ImageParam K{Halide::Float(32), 3, "K"};  // [H, S, Dh]
    Halide::ImageParam V{Halide::Float(32), 3, "V"};  // [H, S, Dh]
    Halide::Var s{"key"}, h{"h"}, d{"d"};  // s cached positions (S), h heads (H), d head dim (Dh)
    Halide::RDom rd;                       // the head dimension, reduced by q K^T
    Halide::RDom rs;                       // the cached positions, reduced by the softmax and P V
    Halide::Func dot{"dot"};          // sum_d q[h, d] * K[h, s, d]
    Halide::Func scores{"scores"};    // dot * scale
    Halide::Func row_max{"row_max"};  // max over the positions (starts from the first)
    Halide::Func ex{"ex"};            // exp(scores - row_max)
    Halide::Func row_sum{"row_sum"};  // sum of ex over the positions
    Halide::Func probs{"probs"};      // ex / row_sum: the attention probabilities
    Halide::Func pv{"pv"};            // sum_s probs[h, s] * V[h, s, d]
    Halide::Func out{"out"};          // the output

    Algorithm() {
        Halide::Expr scale = 1.0f / Halide::sqrt(Halide::cast<float>(q.dim(0).extent()));
        rd = Halide::RDom(0, q.dim(0).extent(), "rd");
        rs = Halide::RDom(0, K.dim(1).extent(), "rs");
        dot(s, h) = 0.0f;
        dot(s, h) += q(rd, h) * K(rd, s, h);
        scores(s, h) = dot(s, h) * scale;
        row_max(h) = scores(0, h);
        row_max(h) = Halide::max(row_max(h), scores(rs, h));
        ex(s, h) = Halide::exp(scores(s, h) - row_max(h));
        row_sum(h) = 0.0f;
        row_sum(h) += ex(rs, h);
        probs(s, h) = ex(s, h) / row_sum(h);
        pv(d, h) = 0.0f;
        pv(d, h) += probs(rs, h) * V(d, rs, h);
        out(d, h) = pv(d, h);
    }

    ekb::Kernel kernel() { return {{q, K, V}, {out}}; }
};

}  // namespace task
