// Halide reference algorithm for task `median5_filter`: a 5-sample running median ('valid')
// of every channel, y[c, i] = median(x[c, i .. i+4]). The median of five is taken without a
// sort: of the first four samples, f = max(min(a, b), min(c, d)) drops the smallest and
// g = min(max(a, b), max(c, d)) the largest; f and g are the middle two of the four, and the
// median of five is the median of (f, g, e).
// Halide dimension 0 is the last PyTorch dimension: x(i, c) is x[c, i]; y(i, c) is y[c, i].
#pragma once
#include <ekb/kernel.h>

namespace task {

inline Halide::Expr median3(Halide::Expr p, Halide::Expr q, Halide::Expr r) {
    return Halide::max(Halide::min(p, q), Halide::min(Halide::max(p, q), r));
}

inline Halide::Expr median5(Halide::Expr a, Halide::Expr b, Halide::Expr c, Halide::Expr d, Halide::Expr e) {
    Halide::Expr f = Halide::max(Halide::min(a, b), Halide::min(c, d));
    Halide::Expr g = Halide::min(Halide::max(a, b), Halide::max(c, d));
    return median3(f, g, e);
}

struct Algorithm {
    Halide::ImageParam x{Halide::Float(32), 2, "x"};  // [C, L]
    Halide::Var i{"i"}, c{"c"};  // i: output sample (L - 4), c: channel (C)
    Halide::Func y{"y"};         // the output

    Algorithm() {
        y(i, c) = median5(x(i, c), x(i + 1, c), x(i + 2, c), x(i + 3, c), x(i + 4, c));
    }

    ekb::Kernel kernel() { return {{x}, {y}}; }
};

}  // namespace task
