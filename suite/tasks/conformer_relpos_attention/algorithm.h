// Halide reference algorithm for task `conformer_relpos_attention`: ESPnet's relative-position
// self-attention weights, H heads of dk:
//   p(c, j)      = sum_k W_pos[c, k] pos_emb[j, k]                     [2T - 1, H dk]
//   qu = q + u[h], qv = q + v[h]                                      per head's columns
//   s_dot(s, t, h) = sum_d qu[t, h dk + d] k[s, h dk + d] + qv[t, h dk + d] p[T - 1 - t + s, h dk + d]
//   scores = s_dot / sqrt(dk);  attn = softmax over s (max subtracted)
// (rel_shift picks bd[t, T - 1 - t + s]: position row T - 1 - t + s is relative position t - s.)
// Halide dimension 0 is the last PyTorch dimension: q(c, t) is q[t, c], W_pos(k, c) is
// W_pos[c, k], pos_bias_u(d, h) is pos_bias_u[h, d], attn(s, t, h) is attn[h, t, s].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    Halide::ImageParam q{Halide::Float(32), 2, "q"};                    // [T, H dk]
    Halide::ImageParam k{Halide::Float(32), 2, "k"};                    // [T, H dk]
    Halide::ImageParam pos_emb{Halide::Float(32), 2, "pos_emb"};        // [2T - 1, H dk]
    Halide::ImageParam W_pos{Halide::Float(32), 2, "W_pos"};            // [H dk, H dk]
    Halide::ImageParam pos_bias_u{Halide::Float(32), 2, "pos_bias_u"};  // [H, dk]
    Halide::ImageParam pos_bias_v{Halide::Float(32), 2, "pos_bias_v"};  // [H, dk]
    // c: a feature column (H dk), t: a query frame, s: a key frame, j: a relative position
    // row, h: a head.
    Halide::Var c{"c"}, t{"t"}, s{"key"}, j{"j"}, h{"h"};
    Halide::RDom rc;  // over the H dk features: linear_pos
    Halide::RDom rd;  // over a head's dk dimensions
    Halide::RDom rs;  // over the T key frames: the softmax
    Halide::Func p_dot{"p_dot"};        // linear_pos(pos_emb)
    Halide::Func qu{"qu"}, qv{"qv"};    // q + pos_bias_u, q + pos_bias_v (per head's columns)
    Halide::Func s_dot{"s_dot"};        // the content and shifted position scores, summed
    Halide::Func scores{"scores"};      // s_dot / sqrt(dk)
    Halide::Func row_max{"row_max"};    // max over the keys (starts from the first)
    Halide::Func ex{"ex"};              // exp(scores - row_max)
    Halide::Func row_sum{"row_sum"};    // sum of ex over the keys
    Halide::Func attn{"attn"};          // ex / row_sum: the output

    Algorithm() {
        using namespace Halide;
        Expr T = q.dim(1).extent();
        Expr D = q.dim(0).extent();
        Expr dk = pos_bias_u.dim(0).extent();
        rc = RDom(0, D, "rc");
        rd = RDom(0, dk, "rd");
        rs = RDom(0, T, "rs");
        p_dot(c, j) = 0.0f;
        p_dot(c, j) += W_pos(rc, c) * pos_emb(rc, j);
        qu(c, t) = q(c, t) + pos_bias_u(c % dk, c / dk);
        qv(c, t) = q(c, t) + pos_bias_v(c % dk, c / dk);
        Expr col = h * dk + rd;
        s_dot(s, t, h) = 0.0f;
        s_dot(s, t, h) += qu(col, t) * k(col, s) + qv(col, t) * p_dot(col, T - 1 - t + s);
        scores(s, t, h) = s_dot(s, t, h) / sqrt(cast<float>(dk));
        row_max(t, h) = scores(0, t, h);
        row_max(t, h) = max(row_max(t, h), scores(rs, t, h));
        ex(s, t, h) = exp(scores(s, t, h) - row_max(t, h));
        row_sum(t, h) = 0.0f;
        row_sum(t, h) += ex(rs, t, h);
        attn(s, t, h) = ex(s, t, h) / row_sum(t, h);
    }

    ekb::Kernel kernel() { return {{q, k, pos_emb, W_pos, pos_bias_u, pos_bias_v}, {attn}}; }
};

}  // namespace task
