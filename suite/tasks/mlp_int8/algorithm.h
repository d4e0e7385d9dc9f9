// Halide reference algorithm for task `mlp_int8`: an int8 two-layer MLP with TFLite
// fixed-point requantization (docs/task-format.md, int8 tasks):
//   acc1[b, j] = b1[j] + sum_k (input[b, k] - zp_in) * W1[j, k]                        (int32)
//   hidden[b, j] = clamp(zp_h + RDivPOT(SRDHM(acc1, M1), s1), zp_h, 127)   (fused ReLU)
//   acc2[b, n] = b2[n] + sum_j (hidden[b, j] - zp_h) * W2[n, j]                        (int32)
//   output[b, n] = clamp(zp_out + RDivPOT(SRDHM(acc2, M2), s2), -128, 127)
// Halide dimension 0 is the last PyTorch dimension: input(k, b) is input[b, k],
// W1(k, j) is W1[j, k], W2(j, n) is W2[n, j].
#pragma once
#include <ekb/kernel.h>

#include <cstdint>

namespace task {

// The quantization constants: reference.py's get_init_inputs().
constexpr int32_t zp_in = -3;       // input zero point
constexpr int32_t zp_h = -16;       // hidden zero point (and the fused ReLU's lower clamp)
constexpr int32_t zp_out = 5;       // output zero point
constexpr int32_t M1 = 1518500250;  // layer 1 Q31 multiplier, ~0.7071 * 2^31
constexpr int32_t s1 = 10;          // layer 1 right shift
constexpr int32_t M2 = 1675037245;  // layer 2 Q31 multiplier, ~0.78 * 2^31
constexpr int32_t s2 = 9;           // layer 2 right shift

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
    Halide::ImageParam input{Halide::Int(8), 2, "input"};  // [B, K]
    Halide::ImageParam W1{Halide::Int(8), 2, "W1"};        // [H, K]
    Halide::ImageParam b1{Halide::Int(32), 1, "b1"};       // [H]
    Halide::ImageParam W2{Halide::Int(8), 2, "W2"};        // [N, H]
    Halide::ImageParam b2{Halide::Int(32), 1, "b2"};       // [N]
    Halide::Var j{"j"}, n{"n"}, b{"b"};  // j hidden units (H), n outputs (N), b batch rows (B)
    Halide::RDom k;                      // the input features (K), reduced by layer 1
    Halide::RDom r;                      // the hidden units (H), reduced by layer 2
    Halide::Func dot1{"dot1"};      // sum_k (input - zp_in) * W1: the reduction, int32
    Halide::Func acc1{"acc1"};      // dot1 + b1, int32
    Halide::Func hidden{"hidden"};  // requantized to int8 with the fused ReLU
    Halide::Func dot2{"dot2"};      // sum_j (hidden - zp_h) * W2: the reduction, int32
    Halide::Func acc2{"acc2"};      // dot2 + b2, int32
    Halide::Func output{"output"};  // requantized to int8: the output

    Algorithm() {
        using Halide::cast;
        using Halide::clamp;
        k = Halide::RDom(0, input.dim(0).extent(), "k");
        r = Halide::RDom(0, W1.dim(1).extent(), "r");
        dot1(j, b) = 0;
        dot1(j, b) += (cast<int32_t>(input(k, b)) - zp_in) * cast<int32_t>(W1(k, j));
        acc1(j, b) = dot1(j, b) + b1(j);
        hidden(j, b) = cast<int8_t>(clamp(zp_h + rdivpot(srdhm(acc1(j, b), M1), s1), zp_h, 127));
        dot2(n, b) = 0;
        dot2(n, b) += (cast<int32_t>(hidden(r, b)) - zp_h) * cast<int32_t>(W2(r, n));
        acc2(n, b) = dot2(n, b) + b2(n);
        output(n, b) = cast<int8_t>(clamp(zp_out + rdivpot(srdhm(acc2(n, b), M2), s2), -128, 127));
    }

    ekb::Kernel kernel() { return {{input, W1, b1, W2, b2}, {output}}; }
};

}  // namespace task
