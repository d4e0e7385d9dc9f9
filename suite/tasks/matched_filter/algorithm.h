// Halide reference algorithm for task `matched_filter`: pulse compression of complex baseband
// channels with a known template (matched filter) and the output power:
//   z[c, n] = sum over k of x[c, n + k] * conj(s[k]),   y[c, n] = |z[c, n]|^2,  n in [0, L - K]
// Complex values are (re, im) pairs; the correlation is a Tuple reduction.
// Halide dimension 0 is the last PyTorch dimension: x(e, i, c) is x[c, i, e] (e = 0 real,
// 1 imaginary), s(e, k) is s[k, e], y(n, c) is y[c, n].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    Halide::ImageParam x{Halide::Float(32), 3, "x"};  // [C, L, 2]
    Halide::ImageParam s{Halide::Float(32), 2, "s"};  // [K, 2]
    Halide::Var n{"n"}, c{"c"};  // n: output sample (L - K + 1), c: channel (C)
    Halide::RDom k;              // over the template
    Halide::Func corr{"corr"};   // z = sum x conj(s), as (re, im)
    Halide::Func y{"y"};         // the output |z|^2

    Algorithm() {
        using namespace Halide;
        k = RDom(0, s.dim(1).extent(), "k");
        Expr xr = x(0, n + k, c), xi = x(1, n + k, c);
        Expr sr = s(0, k), si = s(1, k);
        corr(n, c) = {0.0f, 0.0f};
        corr(n, c) = {corr(n, c)[0] + (xr * sr + xi * si), corr(n, c)[1] + (xi * sr - xr * si)};
        y(n, c) = corr(n, c)[0] * corr(n, c)[0] + corr(n, c)[1] * corr(n, c)[1];
    }

    ekb::Kernel kernel() { return {{x, s}, {y}}; }
};

}  // namespace task
