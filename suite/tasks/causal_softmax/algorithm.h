// Halide reference algorithm for task `causal_softmax`: y = softmax over s of scores with
// the causal mask (s > t is -inf, so its probability is exactly 0), numerically stable:
// y = exp(scores - rowmax) / sum(exp(scores - rowmax)) over s <= t, and 0 for s > t.
// Halide dimension 0 is the last PyTorch dimension: scores(s, t, h) is scores[h, t, s].
#pragma once
#include <ekb/kernel.h>

#include <limits>

namespace task {

struct Algorithm {
    Halide::ImageParam scores{Halide::Float(32), 3, "scores"};  // [H, T, T]
    Halide::Var s{"s"}, t{"t"}, h{"h"};  // y[h, t, s]: s keys, t queries, h heads
    Halide::RDom k;                      // over the keys of a row
    Halide::Func masked{"masked"};    // scores, or -inf where s > t
    Halide::Func row_max{"row_max"};  // max over the row (starts from s = 0, never masked)
    Halide::Func ex{"ex"};            // exp(scores - row_max) where s <= t, else exactly 0
    Halide::Func row_sum{"row_sum"};  // sum of ex over the row
    Halide::Func y{"y"};              // the output: ex / row_sum

    Algorithm() {
        using Halide::select;
        k = Halide::RDom(0, scores.dim(0).extent(), "k");
        masked(s, t, h) = select(s <= t, scores(s, t, h), Halide::Expr(-std::numeric_limits<float>::infinity()));
        row_max(t, h) = scores(0, t, h);
        row_max(t, h) = Halide::max(row_max(t, h), masked(k, t, h));
        ex(s, t, h) = select(s <= t, Halide::exp(scores(s, t, h) - row_max(t, h)), 0.0f);
        row_sum(t, h) = 0.0f;
        row_sum(t, h) += ex(k, t, h);
        y(s, t, h) = ex(s, t, h) / row_sum(t, h);
    }

    ekb::Kernel kernel() { return {{scores}, {y}}; }
};

}  // namespace task
