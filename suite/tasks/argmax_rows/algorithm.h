// Halide reference algorithm for task `argmax_rows`: the index of the largest element of
// each row of logits [R, V], as int32; the first such index on ties (as torch.argmax).
// Halide dimension 0 is the last PyTorch dimension: logits(v, r) is logits[r, v].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    Halide::ImageParam logits{Halide::Float(32), 2, "logits"};  // [R, V]
    Halide::Var r{"r"};                                          // index[r]: r rows (R)
    Halide::RDom k;                                              // over the vocabulary of a row
    Halide::Func best{"best"};    // (index, value) of the running maximum of the row
    Halide::Func index{"index"};  // the output: best's index

    Algorithm() {
        k = Halide::RDom(0, logits.dim(0).extent(), "k");
        best(r) = Halide::Tuple(0, logits(0, r));
        Halide::Expr v = logits(k, r);
        Halide::Expr better = v > best(r)[1];  // strictly greater: the first maximum wins
        best(r) = Halide::Tuple(Halide::select(better, k, best(r)[0]), Halide::max(best(r)[1], v));
        index(r) = best(r)[0];
    }

    ekb::Kernel kernel() { return {{logits}, {index}}; }
};

}  // namespace task
