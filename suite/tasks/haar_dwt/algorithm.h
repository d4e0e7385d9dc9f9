// Halide reference algorithm for task `haar_dwt`: two levels of the Haar discrete wavelet
// transform of every channel (pywt.wavedec(x, 'haar', level=2)), with s = 1/sqrt(2):
//   level 1: a1[i] = s (x[2i] + x[2i+1]),   d1[i] = s (x[2i] - x[2i+1]),   i < L/2
//   level 2: a2[i] = s (a1[2i] + a1[2i+1]), d2[i] = s (a1[2i] - a1[2i+1]), i < L/4
// Outputs: a2 [C, L/4], d2 [C, L/4], d1 [C, L/2] (the order of pywt.wavedec's list).
// Halide dimension 0 is the last PyTorch dimension: x(i, c) is x[c, i].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    static constexpr float s = 0.70710678118654752f;  // 1 / sqrt(2)

    Halide::ImageParam x{Halide::Float(32), 2, "x"};  // [C, L]
    Halide::Var i{"i"}, c{"c"};      // i: coefficient, c: channel (C)
    Halide::Func a1{"a1"};           // level-1 approximation [C, L/2]
    Halide::Func a2{"a2"}, d2{"d2"}; // level-2 approximation and detail [C, L/4]
    Halide::Func d1{"d1"};           // level-1 detail [C, L/2]

    Algorithm() {
        a1(i, c) = s * (x(2 * i, c) + x(2 * i + 1, c));
        d1(i, c) = s * (x(2 * i, c) - x(2 * i + 1, c));
        a2(i, c) = s * (a1(2 * i, c) + a1(2 * i + 1, c));
        d2(i, c) = s * (a1(2 * i, c) - a1(2 * i + 1, c));
    }

    ekb::Kernel kernel() { return {{x}, {a2, d2, d1}}; }
};

}  // namespace task
