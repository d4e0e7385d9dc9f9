// Halide reference algorithm for task `ei_conv1d_kws_int8`: Edge Impulse's default 1-D
// convolutional classifier (Conv1D(F1, 3, same) + ReLU, MaxPool1D(2, same), Conv1D(F2, 3, same)
// + ReLU, MaxPool1D(2, same), Flatten, Dense(K)) with TFLite's integer semantics
// (docs/task-format.md, int8 tasks), NWC layout:
//   xin(c, t)  = x(c, t) - zp_x inside [0, T), 0 outside ('same' padding with the zero point)
//   acc1(f, t) = b1(f) + sum_{k, c} w1(c, k, f) xin(c, t + k - 1)
//   a1 = clamp(zp_a + RDivPOT(SRDHM(acc1, m1(f)), s1(f)), zp_a, 127)         (ReLU)
//   p1(f, t) = max(a1(f, 2t), a1(f, min(2t + 1, T - 1)))                     t < T1 = ceil(T/2)
//   acc2, a2, p2 likewise over p1 - zp_a (T2 = ceil(T1/2))
//   acc3(k) = b3(k) + sum_{t, f} w3(t F2 + f, k) (p2(f, t) - zp_a)           (time-major flatten)
//   logits(k, 0) = clamp(zp_out + RDivPOT(SRDHM(acc3, M3), S3), -128, 127)
// Halide dimension 0 is the last PyTorch dimension: x(c, t, 0) is x[0, t, c], w1(c, k, f) is
// w1[f, k, c], w3(i, k) is w3[k, i].
#pragma once
#include <ekb/kernel.h>

#include <cstdint>

namespace task {

// The quantization constants: reference.py's get_init_inputs().
constexpr int32_t zp_x = -7;         // input zero point
constexpr int32_t zp_a = -128;       // zero point of a1, p1, a2, p2 (the ReLU floor)
constexpr int32_t zp_out = 3;        // logits zero point
constexpr int32_t M3 = 1518500250;   // dense Q31 multiplier, ~0.707 * 2^31
constexpr int32_t S3 = 11;           // dense right shift

// SaturatingRoundingDoublingHighMul in Int(64): floor((ab + 2^30) / 2^31) as an arithmetic
// shift, equal to TFLite's sign-dependent nudge with a truncating division for every ab.
inline Halide::Expr srdhm(const Halide::Expr &a, const Halide::Expr &b) {
    using namespace Halide;
    Expr ab = cast<int64_t>(a) * cast<int64_t>(b);
    Expr q = cast<int32_t>((ab + Expr(int64_t(1) << 30)) >> 31);
    return select(a == b && a == Int(32).min(), Int(32).max(), q);
}

// RoundingDivideByPOT of an Int(32) value by 2^e (arithmetic shift, round half away from 0).
inline Halide::Expr rdivpot(const Halide::Expr &x, const Halide::Expr &e) {
    using namespace Halide;
    Expr mask = (Expr(1) << e) - 1;
    Expr rem = x & mask;
    Expr threshold = (mask >> 1) + select(x < 0, 1, 0);
    return (x >> e) + select(rem > threshold, 1, 0);
}

// zp + RDivPOT(SRDHM(acc, m), s) clamped to [lo, 127], as int8.
inline Halide::Expr requant(const Halide::Expr &acc, const Halide::Expr &m, const Halide::Expr &s, int32_t zp,
                            int32_t lo) {
    using namespace Halide;
    return cast<int8_t>(clamp(zp + rdivpot(srdhm(acc, m), s), lo, 127));
}

struct Algorithm {
    Halide::ImageParam x{Halide::Int(8), 3, "x"};     // [1, T, C]
    Halide::ImageParam w1{Halide::Int(8), 3, "w1"};   // [F1, 3, C]
    Halide::ImageParam b1{Halide::Int(32), 1, "b1"};  // [F1]
    Halide::ImageParam m1{Halide::Int(32), 1, "m1"};  // [F1] Q31 multipliers
    Halide::ImageParam s1{Halide::Int(32), 1, "s1"};  // [F1] right shifts
    Halide::ImageParam w2{Halide::Int(8), 3, "w2"};   // [F2, 3, F1]
    Halide::ImageParam b2{Halide::Int(32), 1, "b2"};  // [F2]
    Halide::ImageParam m2{Halide::Int(32), 1, "m2"};  // [F2]
    Halide::ImageParam s2{Halide::Int(32), 1, "s2"};  // [F2]
    Halide::ImageParam w3{Halide::Int(8), 2, "w3"};   // [K, T2 F2]
    Halide::ImageParam b3{Halide::Int(32), 1, "b3"};  // [K]
    // f: a channel, t: a frame (time step), k: a class, n: the batch (1).
    Halide::Var f{"f"}, t{"t"}, k{"k"}, n{"n"};
    Halide::RDom r1;  // conv1: r1.x the input coefficient (C), r1.y the tap (3)
    Halide::RDom r2;  // conv2: r2.x the input channel (F1), r2.y the tap (3)
    Halide::RDom r3;  // dense: r3.x the channel (F2), r3.y the pooled frame (T2)
    Halide::Func xin{"xin"};      // (c, t) x - zp_x, 0 in the padding
    Halide::Func acc1{"acc1"};    // (f, t) int32
    Halide::Func a1{"a1"};        // (f, t) int8, requantized with ReLU
    Halide::Func p1{"p1"};        // (f, t) int8, max pool
    Halide::Func p1in{"p1in"};    // (f, t) p1 - zp_a, 0 in the padding
    Halide::Func acc2{"acc2"};    // (f, t) int32
    Halide::Func a2{"a2"};        // (f, t) int8
    Halide::Func p2{"p2"};        // (f, t) int8
    Halide::Func acc3{"acc3"};    // (k) int32
    Halide::Func logits{"logits"};  // (k, n) int8, the output

    Algorithm() {
        using namespace Halide;
        const Expr C = x.dim(0).extent(), T = x.dim(1).extent();
        const Expr F1 = b1.dim(0).extent(), F2 = b2.dim(0).extent();
        const Expr T1 = (T + 1) / 2, T2 = (T1 + 1) / 2;
        r1 = RDom(0, C, 0, 3, "r1");
        r2 = RDom(0, F1, 0, 3, "r2");
        r3 = RDom(0, F2, 0, T2, "r3");
        xin(f, t) = select(t >= 0 && t < T, cast<int32_t>(x(f, clamp(t, 0, T - 1), 0)) - zp_x, 0);
        acc1(f, t) = b1(f);
        acc1(f, t) += cast<int32_t>(w1(r1.x, r1.y, f)) * xin(r1.x, t + r1.y - 1);
        a1(f, t) = requant(acc1(f, t), m1(f), s1(f), zp_a, zp_a);
        p1(f, t) = max(a1(f, 2 * t), a1(f, min(2 * t + 1, T - 1)));
        p1in(f, t) = select(t >= 0 && t < T1, cast<int32_t>(p1(f, clamp(t, 0, T1 - 1))) - zp_a, 0);
        acc2(f, t) = b2(f);
        acc2(f, t) += cast<int32_t>(w2(r2.x, r2.y, f)) * p1in(r2.x, t + r2.y - 1);
        a2(f, t) = requant(acc2(f, t), m2(f), s2(f), zp_a, zp_a);
        p2(f, t) = max(a2(f, 2 * t), a2(f, min(2 * t + 1, T1 - 1)));
        acc3(k) = b3(k);
        acc3(k) += cast<int32_t>(w3(r3.y * F2 + r3.x, k)) * (cast<int32_t>(p2(r3.x, r3.y)) - zp_a);
        logits(k, n) = requant(acc3(k), M3, S3, zp_out, -128);
    }

    ekb::Kernel kernel() { return {{x, w1, b1, m1, s1, w2, b2, m2, s2, w3, b3}, {logits}}; }
};

}  // namespace task
