// Halide reference algorithm for task `whisper_tiny_cross_attention`: a Whisper decoder
// cross-attention sub-block against cached keys and values, D / 64 heads of 64:
//   ln = LayerNorm(x) over D (eps 1e-5);  q = ln Wq^T + bq
//   scores(s, t, h) = q_h[t] . K_h[s] / 8;  probs = softmax over s (max subtracted)
//   ctx[t, h*64 + d] = sum_s probs(s, t, h) V[s, h*64 + d]
//   y = x + ctx Wo^T + bo
// Halide dimension 0 is the last PyTorch dimension: x(c, t) is x[t, c], Wq(k, c) is
// Wq[c, k], k_cache(c, s) is k_cache[s, c].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    static constexpr int head_dim = 64;  // = get_init_inputs() in reference.py
    static constexpr float eps = 1e-5f;  // Whisper's LayerNorm eps

    Halide::ImageParam x{Halide::Float(32), 2, "x"};              // [Tq, D]
    Halide::ImageParam ln_w{Halide::Float(32), 1, "ln_w"};        // [D]
    Halide::ImageParam ln_b{Halide::Float(32), 1, "ln_b"};        // [D]
    Halide::ImageParam Wq{Halide::Float(32), 2, "Wq"};            // [D, D]
    Halide::ImageParam bq{Halide::Float(32), 1, "bq"};            // [D]
    Halide::ImageParam k_cache{Halide::Float(32), 2, "k_cache"};  // [Ta, D]
    Halide::ImageParam v_cache{Halide::Float(32), 2, "v_cache"};  // [Ta, D]
    Halide::ImageParam Wo{Halide::Float(32), 2, "Wo"};            // [D, D]
    Halide::ImageParam bo{Halide::Float(32), 1, "bo"};            // [D]
    // c: a feature, t: a decoder token (query), s: an audio frame (key), h: a head.
    Halide::Var c{"c"}, t{"t"}, s{"key"}, h{"h"};
    Halide::RDom rk;  // over the D features: the LayerNorm and the projections
    Halide::RDom rd;  // over a head's 64 dimensions: q . k
    Halide::RDom rs;  // over the Ta frames: the softmax and P V
    Halide::Func sum{"sum"}, mean{"mean"};        // LayerNorm: row sum and mean
    Halide::Func sum_sq{"sum_sq"}, rstd{"rstd"};  // sum of squared deviations, 1/sqrt(var + eps)
    Halide::Func ln{"ln"};                        // the normalized rows
    Halide::Func q_dot{"q_dot"};                  // ln Wq^T
    Halide::Func q{"q"};                          // + bq
    Halide::Func s_dot{"s_dot"};                  // q_h[t] . k_h[s]
    Halide::Func scores{"scores"};                // s_dot / 8
    Halide::Func row_max{"row_max"};              // max over the frames (starts from the first)
    Halide::Func ex{"ex"};                        // exp(scores - row_max)
    Halide::Func row_sum{"row_sum"};              // sum of ex over the frames
    Halide::Func probs{"probs"};                  // ex / row_sum
    Halide::Func ctx{"ctx"};                      // sum_s probs * v: the heads, concatenated
    Halide::Func o_dot{"o_dot"};                  // ctx Wo^T
    Halide::Func y{"y"};                          // x + o_dot + bo: the output

    Algorithm() {
        using namespace Halide;
        Expr D = x.dim(0).extent();
        Expr fd = cast<float>(D);
        rk = RDom(0, D, "rk");
        rd = RDom(0, head_dim, "rd");
        rs = RDom(0, k_cache.dim(1).extent(), "rs");
        sum(t) = 0.0f;
        sum(t) += x(rk, t);
        mean(t) = sum(t) / fd;
        sum_sq(t) = 0.0f;
        sum_sq(t) += (x(rk, t) - mean(t)) * (x(rk, t) - mean(t));
        rstd(t) = 1.0f / sqrt(sum_sq(t) / fd + eps);
        ln(c, t) = (x(c, t) - mean(t)) * rstd(t) * ln_w(c) + ln_b(c);
        q_dot(c, t) = 0.0f;
        q_dot(c, t) += ln(rk, t) * Wq(rk, c);
        q(c, t) = q_dot(c, t) + bq(c);
        s_dot(s, t, h) = 0.0f;
        s_dot(s, t, h) += q(h * head_dim + rd, t) * k_cache(h * head_dim + rd, s);
        scores(s, t, h) = s_dot(s, t, h) * (1.0f / 8.0f);
        row_max(t, h) = scores(0, t, h);
        row_max(t, h) = max(row_max(t, h), scores(rs, t, h));
        ex(s, t, h) = exp(scores(s, t, h) - row_max(t, h));
        row_sum(t, h) = 0.0f;
        row_sum(t, h) += ex(rs, t, h);
        probs(s, t, h) = ex(s, t, h) / row_sum(t, h);
        ctx(c, t) = 0.0f;
        ctx(c, t) += probs(rs, t, c / head_dim) * v_cache(c, rs);
        o_dot(c, t) = 0.0f;
        o_dot(c, t) += ctx(rk, t) * Wo(rk, c);
        y(c, t) = x(c, t) + (o_dot(c, t) + bo(c));
    }

    ekb::Kernel kernel() { return {{x, ln_w, ln_b, Wq, bq, k_cache, v_cache, Wo, bo}, {y}}; }
};

}  // namespace task
