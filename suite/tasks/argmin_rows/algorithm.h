// Halide reference algorithm for task `argmin_rows`: the index of the smallest element of each
// row of dist [T, K], as int32; the first such index on ties (as torch.argmin).
// Halide dimension 0 is the last PyTorch dimension: dist(k, t) is dist[t, k].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    Halide::ImageParam dist{Halide::Float(32), 2, "dist"};  // [T, K]
    Halide::Var t{"t"};                                      // index[t]: one frame (row)
    Halide::RDom k;                                          // over the codewords of a row
    Halide::Func best{"best"};    // (index, value) of the running minimum of the row
    Halide::Func index{"index"};  // the output: best's index

    Algorithm() {
        k = Halide::RDom(0, dist.dim(0).extent(), "k");
        best(t) = Halide::Tuple(0, dist(0, t));
        Halide::Expr v = dist(k, t);
        Halide::Expr better = v < best(t)[1];  // strictly smaller: the first minimum wins
        best(t) = Halide::Tuple(Halide::select(better, k, best(t)[0]), Halide::min(best(t)[1], v));
        index(t) = best(t)[0];
    }

    ekb::Kernel kernel() { return {{dist}, {index}}; }
};

}  // namespace task
