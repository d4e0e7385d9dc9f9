// Halide reference algorithm for task `avgpool_fc_int8`: the int8 classifier head of a
// quantized MobileNet, TFLite's integer AveragePool over the whole map then an int8 fully
// connected layer with TFLite fixed-point requantization (docs/task-format.md, int8 tasks):
//   total[c]  = sum over y, x of input[c, y, x]                                     (int32)
//   pooled[c] = clamp(total >= 0 ? (total + count / 2) / count
//                                : (total - count / 2) / count, -128, 127)          (int8)
//   acc[k]    = bias[k] + sum_c (pooled[c] - zp_in) * weight[k, c]                  (int32)
//   output[k] = clamp(zp_out + RDivPOT(SRDHM(acc[k], M0), shift), -128, 127)       (int8)
// with count = H * W and C-style truncating division; the pool keeps the input's scale and
// zero point (zp_in), as TFLite's AveragePool does.
// Halide dimension 0 is the last PyTorch dimension: input(x, y, c, n) is input[n, c, y, x],
// weight(c, k) is weight[k, c], output(k, n) is output[n, k].
#pragma once
#include <ekb/kernel.h>

#include <cstdint>

namespace task {

// The quantization constants: reference.py's get_init_inputs().
constexpr int32_t zp_in = -3;       // input (and pooled) zero point
constexpr int32_t zp_out = 5;       // output zero point
constexpr int32_t M0 = 1518500250;  // Q31 multiplier, ~0.7071 * 2^31
constexpr int32_t shift = 9;        // right shift

// sum / count rounded half away from zero, for count > 0, as TFLite's integer AveragePool
// writes it with C-style truncating division (Halide's integer division rounds toward
// negative infinity, so the negative branch divides the negated, non-negative numerator).
static inline Halide::Expr rounded_average(const Halide::Expr &sum, const Halide::Expr &count) {
    using namespace Halide;
    Expr half = count / 2;
    return select(sum >= 0, (sum + half) / count, -((half - sum) / count));
}

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
    Halide::ImageParam weight{Halide::Int(8), 2, "weight"};  // [N, C]
    Halide::ImageParam bias{Halide::Int(32), 1, "bias"};     // [N]
    Halide::Var c{"c"}, k{"k"}, n{"n"};  // c: channel, k: class (output feature), n: batch
    Halide::RDom r;                 // r.x: input column, r.y: input row (the pooled plane)
    Halide::RDom rc;                // the channels reduced by the fully connected layer
    Halide::Func total{"total"};    // the int32 sum over a channel's H x W plane
    Halide::Func pooled{"pooled"};  // the rounded average, int8 (zero point zp_in)
    Halide::Func dot{"dot"};        // sum_c (pooled - zp_in) * weight: the reduction, int32
    Halide::Func acc{"acc"};        // dot + bias, int32
    Halide::Func output{"output"};  // requantized to int8: the output

    Algorithm() {
        using namespace Halide;
        r = RDom(0, input.dim(0).extent(), 0, input.dim(1).extent(), "r");
        rc = RDom(0, input.dim(2).extent(), "rc");
        Expr count = input.dim(0).extent() * input.dim(1).extent();
        total(c, n) = 0;
        total(c, n) += cast<int32_t>(input(r.x, r.y, c, n));
        pooled(c, n) = cast<int8_t>(clamp(rounded_average(total(c, n), count), -128, 127));
        dot(k, n) = 0;
        dot(k, n) += (cast<int32_t>(pooled(rc, n)) - zp_in) * cast<int32_t>(weight(rc, k));
        acc(k, n) = dot(k, n) + bias(k);
        output(k, n) = cast<int8_t>(clamp(zp_out + rdivpot(srdhm(acc(k, n), M0), shift), -128, 127));
    }

    ekb::Kernel kernel() { return {{input, weight, bias}, {output}}; }
};

}  // namespace task
