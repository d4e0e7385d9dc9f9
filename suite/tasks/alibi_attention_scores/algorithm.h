// Halide reference algorithm for task `alibi_attention_scores`: causal attention scores with
// ALiBi position biases, for T new queries at the end of an S-token context (prefill chunk or
// decode): query t sits at position p = S - T + t and
//   scores[h, t, s] = (sum_d Q[h, t, d] * K[h, s, d]) / sqrt(Dh) - slope[h] * (p - s)   for s <= p
//   scores[h, t, s] = the lowest float32 (-3.4028235e38)                                for s > p
// The masked value is finite (torch.finfo(torch.float32).min, as Hugging Face's BLOOM and MPT
// use), so a softmax after it gives exact zeros.
// Halide dimension 0 is the last PyTorch dimension: Q(d, t, h) is Q[h, t, d].
#pragma once
#include <ekb/kernel.h>

#include <limits>

namespace task {

struct Algorithm {
    Halide::ImageParam Q{Halide::Float(32), 3, "Q"};            // [H, T, Dh]
    Halide::ImageParam K{Halide::Float(32), 3, "K"};            // [H, S, Dh]
    Halide::ImageParam slopes{Halide::Float(32), 1, "slopes"};  // [H]
    Halide::Var s{"s"}, t{"t"}, h{"h"};  // scores[h, t, s]
    Halide::RDom d;                      // the head dimension Dh
    Halide::Func dot{"dot"};        // Q K^T
    Halide::Func scores{"scores"};  // scaled, biased and masked: the output

    Algorithm() {
        using namespace Halide;
        d = RDom(0, Q.dim(0).extent(), "d");
        Expr T = Q.dim(1).extent(), S = K.dim(1).extent();
        dot(s, t, h) = 0.0f;
        dot(s, t, h) += Q(d, t, h) * K(d, s, h);
        Expr p = S - T + t;  // the query's position in the context
        Expr scale = 1.0f / sqrt(cast<float>(Q.dim(0).extent()));
        Expr biased = dot(s, t, h) * scale - slopes(h) * cast<float>(p - s);
        scores(s, t, h) = select(s <= p, biased, Expr(std::numeric_limits<float>::lowest()));
    }

    ekb::Kernel kernel() { return {{Q, K, slopes}, {scores}}; }
};

}  // namespace task
