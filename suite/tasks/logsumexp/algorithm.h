// Halide reference algorithm for task `logsumexp`: the log-normalizer of each row of logits,
// numerically stable: out[r] = m + log(sum_v exp(x[r, v] - m)) with m = max_v x[r, v].
// Halide dimension 0 is the last PyTorch dimension: x(v, r) is x[r, v].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    Halide::ImageParam x{Halide::Float(32), 2, "x"};  // [R, V]
    Halide::Var r{"r"};                               // out[r]
    Halide::RDom k;                                   // over the columns of a row
    Halide::Func row_max{"row_max"};  // max over the row
    Halide::Func row_sum{"row_sum"};  // sum of exp(x - row_max) over the row
    Halide::Func out{"out"};          // the output: row_max + log(row_sum)

    Algorithm() {
        using namespace Halide;
        k = RDom(0, x.dim(0).extent(), "k");
        row_max(r) = x(0, r);
        row_max(r) = max(row_max(r), x(k, r));
        row_sum(r) = 0.0f;
        row_sum(r) += exp(x(k, r) - row_max(r));
        out(r) = row_max(r) + log(row_sum(r));
    }

    ekb::Kernel kernel() { return {{x}, {out}}; }
};

}  // namespace task
