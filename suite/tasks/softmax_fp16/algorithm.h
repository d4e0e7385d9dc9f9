// Halide reference algorithm for task `softmax_fp16`: y = softmax(x) over the last dimension,
// numerically stable: y = exp(x - rowmax) / sum(exp(x - rowmax)).
// float16 in and out (torch.half); products, sums and statistics in float, the output rounded
// to float16 once, as PyTorch's CPU half kernels do (opmath float accumulation).
// Halide dimension 0 is the last PyTorch dimension: x(c, r) is x[r, c].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    Halide::ImageParam x{Halide::Float(16), 2, "x"};  // [R, L]
    Halide::Var c{"c"}, r{"r"};                       // y[r, c]: c columns (L), r rows (R)
    Halide::RDom k;                                   // over the columns of a row
    Halide::Func row_max{"row_max"};  // max over the row (starts from the row's first element)
    Halide::Func ex{"ex"};            // exp(x - row_max)
    Halide::Func row_sum{"row_sum"};  // sum of ex over the row
    Halide::Func y{"y"};              // the output: ex / row_sum

    Algorithm() {
        k = Halide::RDom(0, x.dim(0).extent(), "k");
        row_max(r) = Halide::cast<float>(x(0, r));
        row_max(r) = Halide::max(row_max(r), Halide::cast<float>(x(k, r)));
        ex(c, r) = Halide::exp(Halide::cast<float>(x(c, r)) - row_max(r));
        row_sum(r) = 0.0f;
        row_sum(r) += ex(k, r);
        y(c, r) = Halide::cast(Halide::Float(16), ex(c, r) / row_sum(r));
    }

    ekb::Kernel kernel() { return {{x}, {y}}; }
};

}  // namespace task
