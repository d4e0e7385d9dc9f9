// Halide reference algorithm for task `pairwise_sq_dist`: D[n, m] = sum_k (a[n, k] - b[m, k])^2,
// computed directly as a sum of squared coordinate differences.
// Halide dimension 0 is the last PyTorch dimension: a(k, n) is a[n, k], b(k, m) is b[m, k]
// and D(m, n) is D[n, m].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    Halide::ImageParam a{Halide::Float(32), 2, "a"};  // [N, 3]
    Halide::ImageParam b{Halide::Float(32), 2, "b"};  // [M, 3]
    Halide::Var m{"m"}, n{"n"};  // D[n, m]: n point of a, m point of b
    Halide::RDom k;              // over the 3 coordinates
    Halide::Func acc{"acc"};     // the sum of squared differences: the reduction over k
    Halide::Func D{"D"};         // the output

    Algorithm() {
        using namespace Halide;
        k = RDom(0, 3, "k");
        Expr d = a(k, n) - b(k, m);
        acc(m, n) = 0.0f;
        acc(m, n) += d * d;
        D(m, n) = acc(m, n);
    }

    ekb::Kernel kernel() { return {{a, b}, {D}}; }
};

}  // namespace task
