// Halide reference algorithm for task `depthwise_conv3x3_int8`: an int8 depthwise 3x3
// convolution (one 3x3 filter per channel), stride 1, padding 1 with the input zero point,
// with TFLite fixed-point requantization (docs/task-format.md, int8 tasks):
//   acc[c, y, x] = bias[c] + sum_{ky, kx} (padded[c, y + ky - 1, x + kx - 1] - zp_in) * weight[c, ky, kx]
//   output[c, y, x] = clamp(zp_out + RDivPOT(SRDHM(acc[c, y, x], M0), shift), -128, 127)
// Halide dimension 0 is the last PyTorch dimension: input(x, y, c, n) is input[n, c, y, x]
// and weight(kx, ky, 0, c) is weight[c, 0, ky, kx].
#pragma once
#include <ekb/kernel.h>

#include <cstdint>

namespace task {

// The hyper-parameters and quantization constants: reference.py's get_init_inputs().
constexpr int stride = 1, pad = 1;
constexpr int32_t zp_in = -5;          // input zero point (also the padding value)
constexpr int32_t zp_out = 2;          // output zero point
constexpr int32_t M0 = 1288490189;     // Q31 multiplier, ~0.6 * 2^31
constexpr int32_t shift = 8;           // right shift

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
    Halide::ImageParam input{Halide::Int(8), 4, "input"};    // [1, C, H, W]
    Halide::ImageParam weight{Halide::Int(8), 4, "weight"};  // [C, 1, 3, 3]
    Halide::ImageParam bias{Halide::Int(32), 1, "bias"};     // [C]
    Halide::Var x{"x"}, y{"y"}, c{"c"}, n{"n"};  // output[n, c, y, x]
    Halide::RDom r;                 // r.x: tap kx, r.y: tap ky
    Halide::Func padded{"padded"};  // input with zp_in outside [0, W) x [0, H) (padding 1), int8
    Halide::Func acc{"acc"};        // bias + sum over the 3x3 taps of (padded - zp_in) * weight, int32
    Halide::Func output{"output"};  // acc requantized to int8: the output

    Algorithm() {
        using namespace Halide;
        // zp_in only outside the spatial extent; channel and batch are never out of range.
        Func bounded = BoundaryConditions::constant_exterior(
            input, cast<int8_t>(zp_in),
            {{input.dim(0).min(), input.dim(0).extent()}, {input.dim(1).min(), input.dim(1).extent()}});
        padded(x, y, c, n) = bounded(x, y, c, n);

        r = RDom(0, 3, 0, 3, "r");
        acc(x, y, c, n) = bias(c);
        acc(x, y, c, n) += (cast<int32_t>(padded(x * stride + r.x - pad, y * stride + r.y - pad, c, n)) - zp_in) *
                           cast<int32_t>(weight(r.x, r.y, 0, c));
        output(x, y, c, n) =
            cast<int8_t>(clamp(zp_out + rdivpot(srdhm(acc(x, y, c, n), M0), shift), -128, 127));
    }

    ekb::Kernel kernel() { return {{input, weight, bias}, {output}}; }
};

}  // namespace task
