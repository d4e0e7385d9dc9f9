// Halide reference algorithm for task `mti_canceller3`: the binomial three-pulse MTI canceller
// along the pulses (slow time) of complex range profiles, then the magnitude:
//   d[p, r] = x[p, r] - 2 x[p + 1, r] + x[p + 2, r]     (re and im alike)
//   y[p, r] = sqrt(re(d)^2 + im(d)^2)
// Halide dimension 0 is the last PyTorch dimension: x(k, r, p) is x[p, r, k] (k = 0 real,
// 1 imaginary); y(r, p) is y[p, r].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    Halide::ImageParam x{Halide::Float(32), 3, "x"};  // [P, R, 2]
    Halide::Var k{"k"}, r{"r"}, p{"p"};  // k: re/im, r: range bin (R), p: output pulse (P - 2)
    Halide::Func diff{"diff"};           // the canceller output d (re, im)
    Halide::Func y{"y"};                 // the output |d|

    Algorithm() {
        using namespace Halide;
        diff(k, r, p) = x(k, r, p) - 2.0f * x(k, r, p + 1) + x(k, r, p + 2);
        y(r, p) = sqrt(diff(0, r, p) * diff(0, r, p) + diff(1, r, p) * diff(1, r, p));
    }

    ekb::Kernel kernel() { return {{x}, {y}}; }
};

}  // namespace task
