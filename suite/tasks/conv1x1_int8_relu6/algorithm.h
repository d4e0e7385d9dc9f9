// Halide reference algorithm for task `conv1x1_int8_relu6`: an int8 1x1 convolution with
// TFLite fixed-point requantization and a fused ReLU6 (docs/task-format.md, int8 tasks):
//   acc[co, y, x] = bias[co] + sum_ci (input[ci, y, x] - zp_in) * weight[co, ci]      (int32)
//   output[co, y, x] = clamp(zp_out + RDivPOT(SRDHM(acc, M0), shift), act_min, act_max)
// Halide dimension 0 is the last PyTorch dimension: input(x, y, c, n) is input[n, c, y, x],
// weight(0, 0, ci, co) is weight[co, ci, 0, 0].
#pragma once
#include <ekb/kernel.h>

#include <cstdint>

namespace task {

// The quantization constants: reference.py's get_init_inputs().
constexpr int32_t zp_in = -128;     // input zero point (the output of a quantized ReLU6)
constexpr int32_t zp_out = -20;     // output zero point (output scale 1/16)
constexpr int32_t M0 = 1610612736;  // Q31 multiplier, 0.75 * 2^31
constexpr int32_t shift = 9;        // right shift
constexpr int32_t act_min = -20;    // ReLU6 in the output's quantized domain: zp_out + 0 * 16
constexpr int32_t act_max = 76;     // zp_out + 6 * 16

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
    Halide::ImageParam input{Halide::Int(8), 4, "input"};    // [1, C_in, H, W]
    Halide::ImageParam weight{Halide::Int(8), 4, "weight"};  // [C_out, C_in, 1, 1]
    Halide::ImageParam bias{Halide::Int(32), 1, "bias"};     // [C_out]
    Halide::Var x{"x"}, y{"y"}, c{"c"}, n{"n"};  // output[n, c, y, x]: c output channels
    Halide::RDom ci;                             // the input channels
    Halide::Func dot{"dot"};        // sum_ci (input - zp_in) * weight: the reduction, int32
    Halide::Func acc{"acc"};        // dot + bias, int32
    Halide::Func output{"output"};  // requantized to int8 and clamped to ReLU6: the output

    Algorithm() {
        using Halide::cast;
        ci = Halide::RDom(0, input.dim(2).extent(), "ci");
        dot(x, y, c, n) = 0;
        dot(x, y, c, n) += (cast<int32_t>(input(x, y, ci, n)) - zp_in) * cast<int32_t>(weight(0, 0, ci, c));
        acc(x, y, c, n) = dot(x, y, c, n) + bias(c);
        output(x, y, c, n) =
            cast<int8_t>(Halide::clamp(zp_out + rdivpot(srdhm(acc(x, y, c, n), M0), shift), act_min, act_max));
    }

    ekb::Kernel kernel() { return {{input, weight, bias}, {output}}; }
};

}  // namespace task
