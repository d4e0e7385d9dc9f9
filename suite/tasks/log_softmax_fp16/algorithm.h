// Halide reference algorithm for task `log_softmax_fp16`: y = log_softmax(x) over the last
// dimension, numerically stable: y = x - (rowmax + log(sum(exp(x - rowmax)))).
// float16 in and out (torch.half); products, sums and statistics in float, the output rounded
// to float16 once, as PyTorch's CPU half kernels do (opmath float accumulation).
// Halide dimension 0 is the last PyTorch dimension: x(c, r) is x[r, c].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    Halide::ImageParam x{Halide::Float(16), 2, "x"};  // [R, V]
    Halide::Var c{"c"}, r{"r"};                       // y[r, c]: c columns (V), r rows (R)
    Halide::RDom k;                                   // over the columns of a row
    Halide::Func row_max{"row_max"};  // max over the row (starts from the row's first element)
    Halide::Func row_sum{"row_sum"};  // sum over the row of exp(x - row_max)
    Halide::Func lse{"lse"};          // log-sum-exp of the row: row_max + log(row_sum)
    Halide::Func y{"y"};              // the output: x - lse

    Algorithm() {
        k = Halide::RDom(0, x.dim(0).extent(), "k");
        row_max(r) = Halide::cast<float>(x(0, r));
        row_max(r) = Halide::max(row_max(r), Halide::cast<float>(x(k, r)));
        row_sum(r) = 0.0f;
        row_sum(r) += Halide::exp(Halide::cast<float>(x(k, r)) - row_max(r));
        lse(r) = row_max(r) + Halide::log(row_sum(r));
        y(c, r) = Halide::cast(Halide::Float(16), Halide::cast<float>(x(c, r)) - lse(r));
    }

    ekb::Kernel kernel() { return {{x}, {y}}; }
};

}  // namespace task
