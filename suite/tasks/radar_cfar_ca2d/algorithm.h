// Halide reference algorithm for task `radar_cfar_ca2d`: 2-D cell-averaging CFAR on a
// range-Doppler power map P [D, R] (guard 2, training 4 cells per side):
//   noise(r, d) = (sum over the 13 x 13 window - sum over the 5 x 5 guard window) / count(r)
//   snr(r, d)   = P(r, d) / noise(r, d)
// Doppler (rows) wraps modulo D; range cells outside [0, R) add nothing and are not counted.
// Halide dimension 0 is the last PyTorch dimension: power(r, d) is power[d, r].
#pragma once
#include <ekb/kernel.h>

namespace task {

constexpr int kGuard = 2, kTrain = 4;  // = get_init_inputs() in reference.py
constexpr int kOuter = kGuard + kTrain;

struct Algorithm {
    Halide::ImageParam power{Halide::Float(32), 2, "power"};  // [D, R]
    Halide::Var r{"r"}, d{"d"};  // r: range bin (dim 0), d: Doppler bin (dim 1)
    Halide::RDom ro;  // the 13 x 13 window offsets
    Halide::RDom ri;  // the 5 x 5 guard window offsets
    Halide::Func padded{"padded"};    // power, Doppler wrapped, zero outside the range
    Halide::Func outer{"outer"};      // the 13 x 13 window sum
    Halide::Func inner{"inner"};      // the 5 x 5 guard window sum
    Halide::Func count{"count"};      // the number of training cells at range r
    Halide::Func snr{"snr"};          // power / ((outer - inner) / count): the output

    static Halide::Expr cells(Halide::Expr r, Halide::Expr R, int half) {
        return (Halide::min(r + half, R - 1) - Halide::max(r - half, 0) + 1) * (2 * half + 1);
    }

    Algorithm() {
        using namespace Halide;
        Expr R = power.dim(0).extent(), D = power.dim(1).extent();
        ro = RDom(-kOuter, 2 * kOuter + 1, -kOuter, 2 * kOuter + 1, "ro");
        ri = RDom(-kGuard, 2 * kGuard + 1, -kGuard, 2 * kGuard + 1, "ri");
        Expr inside = r >= 0 && r < R;
        padded(r, d) = select(inside, power(clamp(r, 0, R - 1), ((d % D) + D) % D), 0.0f);
        outer(r, d) = 0.0f;
        outer(r, d) += padded(r + ro.x, d + ro.y);
        inner(r, d) = 0.0f;
        inner(r, d) += padded(r + ri.x, d + ri.y);
        count(r) = cast<float>(cells(r, R, kOuter) - cells(r, R, kGuard));
        snr(r, d) = power(r, d) / ((outer(r, d) - inner(r, d)) / count(r));
    }

    ekb::Kernel kernel() { return {{power}, {snr}}; }
};

}  // namespace task
