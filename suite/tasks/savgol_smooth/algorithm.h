// Halide reference algorithm for task `savgol_smooth`: Savitzky-Golay smoothing with an
// 11-sample window and a quadratic fit (scipy.signal.savgol_filter(x, 11, 2, mode='nearest')):
//   y[c, i] = sum over j in [-5, 5] of h[j] * x[c, clamp(i + j, 0, L - 1)]
// with the least-squares smoothing weights h[j] = (89 - 5 j^2) / 429 (Savitzky and Golay 1964,
// closed form for window 2m + 1 = 11, quadratic: 3 (3m^2 + 3m - 1 - 5 j^2) / ((2m-1)(2m+1)(2m+3))).
// Edges repeat the first / last sample ('nearest').
// Halide dimension 0 is the last PyTorch dimension: x(i, c) is x[c, i]; y(i, c) is y[c, i].
#pragma once
#include <ekb/kernel.h>

namespace task {

constexpr int kHalf = 5;  // window 2 * kHalf + 1 = 11 = get_init_inputs() in reference.py

inline float savgol_weight(int j) { return float((89.0 - 5.0 * j * j) / 429.0); }

struct Algorithm {
    Halide::ImageParam x{Halide::Float(32), 2, "x"};  // [C, L]
    Halide::Var i{"i"}, c{"c"};  // i: sample (L), c: channel (C)
    Halide::Func edge{"edge"};   // x with its edge samples repeated
    Halide::Func y{"y"};         // the output

    Algorithm() {
        using namespace Halide;
        Expr L = x.dim(0).extent();
        edge(i, c) = x(clamp(i, 0, L - 1), c);
        Expr s = 0.0f;
        for (int j = -kHalf; j <= kHalf; j++) s += savgol_weight(j) * edge(i + j, c);
        y(i, c) = s;
    }

    ekb::Kernel kernel() { return {{x}, {y}}; }
};

}  // namespace task
