// Halide reference algorithm for task `int4_gemv_group`: a decode-step GEMV with 4-bit weights,
// group-wise quantized (group size 32 along k, one float scale per group, zero point 8):
//   q[n, k] = k even ? packed[n, k/2] & 15 : packed[n, k/2] >> 4          (two weights per byte)
//   w[n, k] = (q[n, k] - 8) * scales[n, k / 32]
//   y[n]    = sum_k w[n, k] * x[k]
// Halide dimension 0 is the last PyTorch dimension: packed(j, n) is packed[n, j] and
// scales(g, n) is scales[n, g].
#pragma once
#include <ekb/kernel.h>

#include <cstdint>

namespace task {

constexpr int group = 32;  // = get_init_inputs() in reference.py
constexpr int zero = 8;    // the 4-bit zero point

struct Algorithm {
    Halide::ImageParam packed{Halide::UInt(8), 2, "packed"};    // [N, K/2]
    Halide::ImageParam scales{Halide::Float(32), 2, "scales"};  // [N, K/32]
    Halide::ImageParam x{Halide::Float(32), 1, "x"};            // [K]
    Halide::Var k{"k"}, n{"n"};  // y[n]; k: the input feature
    Halide::RDom r;              // over the K input features
    Halide::Func q{"q"};    // the unpacked 4-bit weight, int32 in [0, 15]
    Halide::Func w{"w"};    // the dequantized weight, float32
    Halide::Func dot{"dot"};  // sum_k w * x
    Halide::Func y{"y"};      // the output

    Algorithm() {
        using namespace Halide;
        Expr byte = cast<int32_t>(packed(k / 2, n));
        q(k, n) = select(k % 2 == 0, byte & 15, byte >> 4);
        w(k, n) = cast<float>(q(k, n) - zero) * scales(k / group, n);
        r = RDom(0, x.dim(0).extent(), "r");
        dot(n) = 0.0f;
        dot(n) += w(r, n) * x(r);
        y(n) = dot(n);
    }

    ekb::Kernel kernel() { return {{packed, scales, x}, {y}}; }
};

}  // namespace task
