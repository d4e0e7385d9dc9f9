// Halide reference algorithm for task `argmax_channels`: the index of the largest of the C class
// logits at every pixel of logits [1, C, H, W], as int32 [1, H, W]; the first class on ties
// (as torch.argmax).
// Halide dimension 0 is the last PyTorch dimension: logits(x, y, c, n) is logits[n, c, y, x];
// label(x, y, n) is label[n, y, x].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    Halide::ImageParam logits{Halide::Float(32), 4, "logits"};  // [1, C, H, W]
    Halide::Var x{"x"}, y{"y"}, n{"n"};                          // label[n, y, x]
    Halide::RDom k;               // over the classes 1..C-1
    Halide::Func best{"best"};    // (class, logit) of the running maximum at the pixel
    Halide::Func label{"label"};  // the output: best's class

    Algorithm() {
        using namespace Halide;
        k = RDom(1, logits.dim(2).extent() - 1, "k");
        best(x, y, n) = Tuple(0, logits(x, y, 0, n));
        Expr v = logits(x, y, k, n);
        Expr better = v > best(x, y, n)[1];  // strictly greater: the first maximum wins
        best(x, y, n) = Tuple(select(better, k, best(x, y, n)[0]), max(best(x, y, n)[1], v));
        label(x, y, n) = best(x, y, n)[0];
    }

    ekb::Kernel kernel() { return {{logits}, {label}}; }
};

}  // namespace task
