// Halide reference algorithm for task `conv3x3_int8_perchannel`: TFLite's int8 CONV_2D with
// per-channel weight quantization (reference integer kernel), 3x3, stride 1, SAME padding (1),
// NHWC, no fused activation (the second convolution of a residual block, followed by the ADD):
//   acc[y, x, co] = bias[co] + sum over ky, kx, ci of (padded[y + ky - 1, x + kx - 1, ci] - zp_in)
//   * weight[co, ky, kx, ci]
//   output[y, x, co] = clamp(zp_out + RDivPOT(SRDHM(acc, multiplier[co]), shift[co]), -128, 127)
// The input is padded with its zero point zp_in (a real 0). Each output channel has its own
// Q31 multiplier and right shift (inputs of the task, like the weights), as TFLite's
// converter derives them from the per-channel weight scales (docs/task-format.md, int8 tasks).
// Halide dimension 0 is the last PyTorch dimension: input(ci, x, y, n) is input[n, y, x, ci]
// and weight(ci, kx, ky, co) is weight[co, ky, kx, ci] (TFLite's OHWI filter layout).
#pragma once
#include <ekb/kernel.h>

#include <cstdint>

namespace task {

// reference.py's get_init_inputs(): stride 1, padding 1, and the zero points. The input is a
// ReLU output (zero point -128, so input - zp_in is in [0, 255]).
constexpr int stride = 1, pad = 1;
constexpr int32_t zp_in = -128;
constexpr int32_t zp_out = 5;

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
    Halide::ImageParam input{Halide::Int(8), 4, "input"};           // [1, H, W, CI]
    Halide::ImageParam weight{Halide::Int(8), 4, "weight"};         // [CO, 3, 3, CI]
    Halide::ImageParam bias{Halide::Int(32), 1, "bias"};            // [CO]
    Halide::ImageParam multiplier{Halide::Int(32), 1, "multiplier"};  // [CO], Q31 in [2^30, 2^31)
    Halide::ImageParam shift{Halide::Int(32), 1, "shift"};          // [CO], right shifts
    Halide::Var c{"c"}, x{"x"}, y{"y"}, n{"n"};  // output[n, y, x, c]: c is the output channel
    Halide::RDom r;                 // r.x: input channel ci, r.y: tap kx, r.z: tap ky
    Halide::Func padded{"padded"};  // input with zp_in outside [0, W) x [0, H), int8
    Halide::Func acc{"acc"};        // bias + the reduction over (ci, ky, kx), int32
    Halide::Func output{"output"};  // acc requantized per channel to int8: the output

    Algorithm() {
        using namespace Halide;
        Func bounded = BoundaryConditions::constant_exterior(
            input, cast<int8_t>(zp_in),
            {{input.dim(0).min(), input.dim(0).extent()}, {input.dim(1).min(), input.dim(1).extent()},
             {input.dim(2).min(), input.dim(2).extent()}});
        padded(c, x, y, n) = bounded(c, x, y, n);

        r = RDom(0, input.dim(0).extent(), 0, 3, 0, 3, "r");
        acc(c, x, y, n) = bias(c);
        acc(c, x, y, n) += (cast<int32_t>(padded(r.x, x * stride + r.y - pad, y * stride + r.z - pad, n)) - zp_in) *
                           cast<int32_t>(weight(r.x, r.y, r.z, c));
        output(c, x, y, n) =
            cast<int8_t>(clamp(zp_out + rdivpot(srdhm(acc(c, x, y, n), multiplier(c)), shift(c)), -128, 127));
    }

    ekb::Kernel kernel() { return {{input, weight, bias, multiplier, shift}, {output}}; }
};

}  // namespace task
