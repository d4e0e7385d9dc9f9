// Halide reference algorithm for task `attention_scores`: scores = Q K^T / sqrt(Dh) per head.
// Halide dimension 0 is the last PyTorch dimension: Q(d, t, h) is Q[h, t, d], K(d, s, h) is
// K[h, s, d], scores(s, t, h) is scores[h, t, s].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    Halide::ImageParam Q{Halide::Float(32), 3, "Q"};  // [H, T, Dh]
    Halide::ImageParam K{Halide::Float(32), 3, "K"};  // [H, S, Dh]
    Halide::Var s{"s"}, t{"t"}, h{"h"};  // scores[h, t, s]: s keys (S), t queries (T), h heads
    Halide::RDom d;                      // the head dimension Dh
    Halide::Func dot{"dot"};        // sum_d Q[h, t, d] * K[h, s, d]: the reduction
    Halide::Func scores{"scores"};  // dot / sqrt(Dh): the output

    Algorithm() {
        d = Halide::RDom(0, Q.dim(0).extent(), "d");
        dot(s, t, h) = 0.0f;
        dot(s, t, h) += Q(d, t, h) * K(d, s, h);
        scores(s, t, h) = dot(s, t, h) / Halide::sqrt(Halide::cast<float>(Q.dim(0).extent()));
    }

    ekb::Kernel kernel() { return {{Q, K}, {scores}}; }
};

}  // namespace task
