// Halide reference algorithm for task `embedding_gather`: out[t, :] = table[ids[t], :].
// Halide dimension 0 is the last PyTorch dimension: table(d, v) is table[v, d].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    Halide::ImageParam ids{Halide::Int(32), 1, "ids"};        // [T]
    Halide::ImageParam table{Halide::Float(32), 2, "table"};  // [V, D]
    Halide::Var d{"d"}, t{"t"};  // out[t, d]: d embedding features (D), t tokens (T)
    Halide::Func row{"row"};     // the table row of token t, clamped to [0, V-1] (valid ids
                                 // are unchanged; the clamp makes the table access bounded)
    Halide::Func out{"out"};     // the output

    Algorithm() {
        row(t) = Halide::clamp(ids(t), 0, table.dim(1).extent() - 1);
        out(d, t) = table(d, row(t));
    }

    ekb::Kernel kernel() { return {{ids, table}, {out}}; }
};

}  // namespace task
