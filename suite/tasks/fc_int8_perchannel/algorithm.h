// Halide reference algorithm for task `fc_int8_perchannel`: TFLite's int8 FULLY_CONNECTED with
// per-channel weight quantization (reference integer kernel) and a fused ReLU:
//   acc[b, n] = bias[n] + sum_k (input[b, k] - zp_in) * weight[n, k]                     (int32)
//   output[b, n] = clamp(zp_out + RDivPOT(SRDHM(acc[b, n], multiplier[n]), shift[n]), zp_out, 127)
// Each output feature has its own Q31 multiplier and right shift (inputs of the task, like
// the weights; docs/task-format.md, int8 tasks). The ReLU is the lower clamp at the output
// zero point, as TFLite fuses it.
// Halide dimension 0 is the last PyTorch dimension: input(k, b) is input[b, k], weight(k, n)
// is weight[n, k].
#pragma once
#include <ekb/kernel.h>

#include <cstdint>

namespace task {

// reference.py's get_init_inputs(): the zero points.
constexpr int32_t zp_in = -20;
constexpr int32_t zp_out = -128;

// SaturatingRoundingDoublingHighMul of two Int(32) values, computed in Int(64). TFLite
// writes it as (ab + (ab >= 0 ? 2^30 : 1 - 2^30)) / 2^31 with C's truncating division; that
// equals floor((ab + 2^30) / 2^31) for every ab, i.e. an arithmetic shift, which is how it is
// written here: no sign-dependent select, no truncating division (that form is miscompiled
// for CUDA by LLVM's NVPTX back end, see docs/task-format.md).
static inline Halide::Expr srdhm(const Halide::Expr &a, const Halide::Expr &b) {
    using namespace Halide;
    Expr ab = cast<int64_t>(a) * cast<int64_t>(b);
    Expr q = cast<int32_t>((ab + Expr(int64_t(1) << 30)) >> 31);
    return select(a == b && a == Int(32).min(), Int(32).max(), q);
}

// RoundingDivideByPOT of an Int(32) value by 2^e, e >= 0 (arithmetic shift, round half away
// from zero).
static inline Halide::Expr rdivpot(const Halide::Expr &x, const Halide::Expr &e) {
    using namespace Halide;
    Expr mask = (Expr(1) << e) - 1;
    Expr rem = x & mask;
    Expr threshold = (mask >> 1) + select(x < 0, 1, 0);
    return (x >> e) + select(rem > threshold, 1, 0);
}

struct Algorithm {
    Halide::ImageParam input{Halide::Int(8), 2, "input"};           // [B, K]
    Halide::ImageParam weight{Halide::Int(8), 2, "weight"};         // [N, K]
    Halide::ImageParam bias{Halide::Int(32), 1, "bias"};            // [N]
    Halide::ImageParam multiplier{Halide::Int(32), 1, "multiplier"};  // [N], Q31 in [2^30, 2^31)
    Halide::ImageParam shift{Halide::Int(32), 1, "shift"};          // [N], right shifts
    Halide::Var n{"n"}, b{"b"};  // output[b, n]
    Halide::RDom k;              // the input features
    Halide::Func dot{"dot"};        // sum_k (input - zp_in) * weight, int32
    Halide::Func acc{"acc"};        // dot + bias, int32
    Halide::Func output{"output"};  // acc requantized per feature to int8, ReLU fused: the output

    Algorithm() {
        using namespace Halide;
        k = RDom(0, input.dim(0).extent(), "k");
        dot(n, b) = 0;
        dot(n, b) += (cast<int32_t>(input(k, b)) - zp_in) * cast<int32_t>(weight(k, n));
        acc(n, b) = dot(n, b) + bias(n);
        output(n, b) = cast<int8_t>(clamp(zp_out + rdivpot(srdhm(acc(n, b), multiplier(n)), shift(n)), zp_out, 127));
    }

    ekb::Kernel kernel() { return {{input, weight, bias, multiplier, shift}, {output}}; }
};

}  // namespace task
