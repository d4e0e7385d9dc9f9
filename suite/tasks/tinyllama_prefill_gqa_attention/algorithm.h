// Halide reference algorithm for task `tinyllama_prefill_gqa_attention`: causal grouped-query
// attention over a prompt of T tokens.
//   scores[h, t, s] = q[h, t] . k[g, s] / sqrt(Dh)        g = h / (HQ / HKV), s <= t
//   o[t, h, :] = sum_{s <= t} softmax_s(scores[h, t, :]) v[g, s, :]
// The masked keys (s > t) never enter the max, the sum or P V (an RDom predicate), so no
// infinity is needed. Halide dimension 0 is the last PyTorch dimension: q(d, t, h) is
// q[h, t, d], o(d, h, t) is o[t, h, d].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    Halide::ImageParam q{Halide::Float(32), 3, "q"};  // [HQ, T, Dh]
    Halide::ImageParam k{Halide::Float(32), 3, "k"};  // [HKV, T, Dh]
    Halide::ImageParam v{Halide::Float(32), 3, "v"};  // [HKV, T, Dh]

    Halide::Var d{"d"}, s{"key"}, t{"t"}, h{"h"};  // head dim, key position, query position, query head
    Halide::RDom rd;  // the head dimension, reduced by q . k
    Halide::RDom rc;  // the keys s <= t (causal), reduced by the softmax and P V
    Halide::Func dot{"dot"};          // q[h, t] . k[g, s]
    Halide::Func scores{"scores"};    // dot / sqrt(Dh)
    Halide::Func row_max{"row_max"};  // max over s <= t (starts from s = 0)
    Halide::Func ex{"ex"};            // exp(scores - row_max)
    Halide::Func row_sum{"row_sum"};  // sum of ex over s <= t
    Halide::Func pv{"pv"};            // sum_{s <= t} ex * v
    Halide::Func o{"o"};              // pv / row_sum: the output (d, h, t)

    Algorithm() {
        using namespace Halide;
        Expr Dh = q.dim(0).extent(), T = q.dim(1).extent();
        Expr group = q.dim(2).extent() / k.dim(2).extent();  // query heads per KV head
        Expr scale = 1.0f / sqrt(cast<float>(Dh));
        rd = RDom(0, Dh, "rd");
        rc = RDom(0, T, "rc");
        rc.where(rc <= t);
        dot(s, t, h) = 0.0f;
        dot(s, t, h) += q(rd, t, h) * k(rd, s, h / group);
        scores(s, t, h) = dot(s, t, h) * scale;
        row_max(t, h) = scores(0, t, h);
        row_max(t, h) = max(row_max(t, h), scores(rc, t, h));
        ex(s, t, h) = exp(scores(s, t, h) - row_max(t, h));
        row_sum(t, h) = 0.0f;
        row_sum(t, h) += ex(rc, t, h);
        pv(d, t, h) = 0.0f;
        pv(d, t, h) += ex(rc, t, h) * v(d, rc, h / group);
        o(d, h, t) = pv(d, t, h) / row_sum(t, h);
    }

    ekb::Kernel kernel() { return {{q, k, v}, {o}}; }
};

}  // namespace task
