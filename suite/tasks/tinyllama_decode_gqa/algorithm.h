// Halide reference algorithm for task `tinyllama_decode_gqa`: the LLaMA self-attention core at
// one decode step, with RoPE on the new token, the KV-cache append and grouped-query heads.
//   q_r = q*cos + rotate_half(q)*sin, k_r likewise     rotate_half(x) = cat(-x[D/2:], x[:D/2])
//   keys(s, g) = k_cache[g, s] for s < T, k_r[g] at s = T; vals likewise with v
//   o[h] = softmax_s(q_r[h] . keys(s, g) / sqrt(D)) V,  g = h / (HQ / HKV)
// Halide dimension 0 is the last PyTorch dimension: q(d, h) is q[h, d],
// k_cache(d, s, g) is k_cache[g, s, d].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    Halide::ImageParam q{Halide::Float(32), 2, "q"};                // [HQ, D]
    Halide::ImageParam k{Halide::Float(32), 2, "k"};                // [HKV, D]
    Halide::ImageParam v{Halide::Float(32), 2, "v"};                // [HKV, D]
    Halide::ImageParam k_cache{Halide::Float(32), 3, "k_cache"};    // [HKV, T, D]
    Halide::ImageParam v_cache{Halide::Float(32), 3, "v_cache"};    // [HKV, T, D]
    Halide::ImageParam cos_t{Halide::Float(32), 1, "cos"};          // [D]
    Halide::ImageParam sin_t{Halide::Float(32), 1, "sin"};          // [D]
    Halide::Var s{"key"}, h{"h"}, d{"d"};  // s positions (T+1), h query heads (HQ), d head dim (D)
    Halide::RDom rd;  // the head dimension, reduced by q K^T
    Halide::RDom rs;  // the T+1 positions, reduced by the softmax and P V
    Halide::Func q_rope{"q_rope"};    // the rotated query (d, h)
    Halide::Func k_rope{"k_rope"};    // the rotated new key (d, g)
    Halide::Func keys{"keys"};        // the appended cache (d, s, g)
    Halide::Func vals{"vals"};        // (d, s, g)
    Halide::Func dot{"dot"};          // sum_d q_rope[h, d] * keys[g, s, d]
    Halide::Func scores{"scores"};    // dot / sqrt(D)
    Halide::Func row_max{"row_max"};  // max over the positions (starts from the first)
    Halide::Func ex{"ex"};            // exp(scores - row_max)
    Halide::Func row_sum{"row_sum"};  // sum of ex over the positions
    Halide::Func probs{"probs"};      // ex / row_sum
    Halide::Func pv{"pv"};            // sum_s probs[h, s] * vals[g, s, d]
    Halide::Func o{"o"};              // the output

    // x*cos + rotate_half(x)*sin for a [rows, D] input x(d, row).
    static Halide::Expr rope(Halide::ImageParam x, Halide::ImageParam c, Halide::ImageParam sn,
                             Halide::Expr dd, Halide::Expr r) {
        using namespace Halide;
        Expr D = x.dim(0).extent(), half = D / 2;
        Expr rot = select(dd < half, -x(min(dd + half, D - 1), r), x(max(dd - half, 0), r));
        return x(dd, r) * c(dd) + rot * sn(dd);
    }

    Algorithm() {
        using namespace Halide;
        Expr D = q.dim(0).extent(), T = k_cache.dim(1).extent();
        Expr group = q.dim(1).extent() / k.dim(1).extent();  // query heads per KV head
        Expr scale = 1.0f / sqrt(cast<float>(D));
        rd = RDom(0, D, "rd");
        rs = RDom(0, T + 1, "rs");
        Var g{"g"};
        q_rope(d, h) = rope(q, cos_t, sin_t, d, h);
        k_rope(d, g) = rope(k, cos_t, sin_t, d, g);
        Expr sc = clamp(s, 0, T - 1);
        keys(d, s, g) = select(s < T, k_cache(d, sc, g), k_rope(d, g));
        vals(d, s, g) = select(s < T, v_cache(d, sc, g), v(d, g));

        dot(s, h) = 0.0f;
        dot(s, h) += q_rope(rd, h) * keys(rd, s, h / group);
        scores(s, h) = dot(s, h) * scale;
        row_max(h) = scores(0, h);
        row_max(h) = max(row_max(h), scores(rs, h));
        ex(s, h) = exp(scores(s, h) - row_max(h));
        row_sum(h) = 0.0f;
        row_sum(h) += ex(rs, h);
        probs(s, h) = ex(s, h) / row_sum(h);
        pv(d, h) = 0.0f;
        pv(d, h) += probs(rs, h) * vals(d, rs, h / group);
        o(d, h) = pv(d, h);
    }

    ekb::Kernel kernel() { return {{q, k, v, k_cache, v_cache, cos_t, sin_t}, {o}}; }
};

}  // namespace task
