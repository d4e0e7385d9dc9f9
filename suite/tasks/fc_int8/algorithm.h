// Halide reference algorithm for task `fc_int8`: an int8 fully connected layer with TFLite
// fixed-point requantization (docs/task-format.md, int8 tasks):
//   acc[b, n] = bias[n] + sum_k (input[b, k] - zp_in) * weight[n, k]      (int32)
//   output[b, n] = clamp(zp_out + RDivPOT(SRDHM(acc[b, n], M0), shift), -128, 127)
// Halide dimension 0 is the last PyTorch dimension: input(k, b) is input[b, k],
// weight(k, n) is weight[n, k].
#pragma once
#include <ekb/kernel.h>

#include <cstdint>

namespace task {

// The quantization constants: reference.py's get_init_inputs().
constexpr int32_t zp_in = -3;          // input zero point
constexpr int32_t zp_out = 5;          // output zero point
constexpr int32_t M0 = 1518500250;     // Q31 multiplier, ~0.7071 * 2^31
constexpr int32_t shift = 10;          // right shift

// SaturatingRoundingDoublingHighMul of two Int(32) values, computed in Int(64). TFLite
// writes it as (ab + (ab >= 0 ? 2^30 : 1 - 2^30)) / 2^31 with C's truncating division; that
// equals floor((ab + 2^30) / 2^31) for every ab (for ab < 0 the numerator v = ab + 1 - 2^30
// is negative and trunc(v / 2^31) = floor((v + 2^31 - 1) / 2^31)), i.e. an arithmetic
// shift, which is how it is written here: no sign-dependent select, no truncating division.
// (The select-and-divide form is miscompiled for CUDA: LLVM's NVPTX back end turns its
// rounding bias select(v < 0, 2^31 - 1, 0) into `bfe.u64 v, 63, 31`, which yields 0 or 1.)
static inline Halide::Expr srdhm(const Halide::Expr &a, const Halide::Expr &b) {
    using namespace Halide;
    Expr ab = cast<int64_t>(a) * cast<int64_t>(b);
    Expr q = cast<int32_t>((ab + Expr(int64_t(1) << 30)) >> 31);
    return select(a == b && a == Int(32).min(), Int(32).max(), q);
}

// RoundingDivideByPOT of an Int(32) value by 2^e (arithmetic shift, round half away from 0).
static inline Halide::Expr rdivpot(const Halide::Expr &x, const Halide::Expr &e) {
    using namespace Halide;
    Expr mask = (Expr(1) << e) - 1;
    Expr rem = x & mask;
    Expr threshold = (mask >> 1) + select(x < 0, 1, 0);
    return (x >> e) + select(rem > threshold, 1, 0);
}

struct Algorithm {
    Halide::ImageParam input{Halide::Int(8), 2, "input"};    // [B, K]
    Halide::ImageParam weight{Halide::Int(8), 2, "weight"};  // [N, K]
    Halide::ImageParam bias{Halide::Int(32), 1, "bias"};     // [N]
    Halide::Var n{"n"}, b{"b"};  // output[b, n]: n output features, b batch rows
    Halide::RDom k;              // the input features
    Halide::Func dot{"dot"};        // sum_k (input - zp_in) * weight: the reduction, int32
    Halide::Func acc{"acc"};        // dot + bias, int32
    Halide::Func output{"output"};  // requantized to int8: the output

    Algorithm() {
        using Halide::cast;
        k = Halide::RDom(0, input.dim(0).extent(), "k");
        dot(n, b) = 0;
        dot(n, b) += (cast<int32_t>(input(k, b)) - zp_in) * cast<int32_t>(weight(k, n));
        acc(n, b) = dot(n, b) + bias(n);
        output(n, b) = cast<int8_t>(Halide::clamp(zp_out + rdivpot(srdhm(acc(n, b), M0), shift), -128, 127));
    }

    ekb::Kernel kernel() { return {{input, weight, bias}, {output}}; }
};

}  // namespace task
