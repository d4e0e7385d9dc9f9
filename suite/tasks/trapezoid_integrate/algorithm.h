// Halide reference algorithm for task `trapezoid_integrate`: the cumulative trapezoid integral
// of every channel (acceleration -> velocity), sample period dt = 0.01 s:
//   y[c, 0] = 0,  y[c, n] = y[c, n-1] + (dt / 2) (x[c, n] + x[c, n-1])
// (scipy.integrate.cumulative_trapezoid(x, dx=dt, initial=0)), a scan over the samples.
// Halide dimension 0 is the last PyTorch dimension: x(n, c) is x[c, n]; y(n, c) is y[c, n].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    static constexpr float half_dt = 0.005f;  // dt / 2, dt = 0.01 = get_init_inputs() in reference.py

    Halide::ImageParam x{Halide::Float(32), 2, "x"};  // [C, L]
    Halide::Var n{"n"}, c{"c"};  // n: sample (L), c: channel (C)
    Halide::RDom r;              // over the samples 1 .. L-1, in order
    Halide::Func inc{"inc"};     // the trapezoid of [n-1, n] (0 at n = 0)
    Halide::Func acc{"acc"};     // the running sum
    Halide::Func y{"y"};         // the output

    Algorithm() {
        using namespace Halide;
        Expr L = x.dim(0).extent();
        r = RDom(1, L - 1, "r");
        inc(n, c) = select(n >= 1, half_dt * (x(clamp(n, 0, L - 1), c) + x(clamp(n - 1, 0, L - 1), c)), 0.0f);
        acc(n, c) = inc(n, c);
        acc(r, c) = acc(r - 1, c) + acc(r, c);
        y(n, c) = acc(n, c);
    }

    ekb::Kernel kernel() { return {{x}, {y}}; }
};

}  // namespace task
