// Halide reference algorithm for task `har_cnn1d_int8`: the UCI-HAR 1-D CNN with TFLite's
// integer semantics (docs/task-format.md, int8 tasks), per-channel conv requantization:
//   acc1(l, f) = b1[f] + sum_{c, k} (x[c, l + k] - zp_x) w1[f, c, k]           l < L-2
//   a1 = clamp(zp_a + RDivPOT(SRDHM(acc1, m1[f]), s1[f]), zp_a, 127)           (ReLU)
//   acc2(l, g) = b2[g] + sum_{f, k} (a1(l + k, f) - zp_a) w2[g, f, k]          l < L-4
//   a2 likewise with m2, s2;  p(l, g) = max(a2(2l, g), a2(2l + 1, g))          l < Lp
//   acc3(u) = b3[u] + sum_{g, l} (p(l, g) - zp_a) w3[u, g*Lp + l];  h = requant(M3, S3), ReLU
//   acc4(n) = b4[n] + sum_u (h(u) - zp_a) w4[n, u];  logits = clamp(zp_out + ..., -128, 127)
// Halide dimension 0 is the last PyTorch dimension: x(l, c, 0) is x[0, c, l], w1(k, c, f) is
// w1[f, c, k], w3(i, u) is w3[u, i], logits(n, 0) is logits[0, n].
#pragma once
#include <ekb/kernel.h>

#include <cstdint>

namespace task {

// The quantization constants: reference.py's get_init_inputs().
constexpr int32_t zp_x = -3;         // input zero point
constexpr int32_t zp_a = -128;       // zero point of a1, a2, p and h (the ReLU floor)
constexpr int32_t zp_out = 5;        // logits zero point
constexpr int32_t M3 = 1610612736;   // dense 1 Q31 multiplier, 0.75 * 2^31
constexpr int32_t S3 = 12;           // dense 1 right shift
constexpr int32_t M4 = 1395864371;   // dense 2 Q31 multiplier, ~0.65 * 2^31
constexpr int32_t S4 = 9;            // dense 2 right shift

// SaturatingRoundingDoublingHighMul in Int(64): floor((ab + 2^30) / 2^31) as an arithmetic
// shift, which equals TFLite's sign-dependent nudge with a truncating division for every ab
// (docs/task-format.md says why it is not written with a select and a division).
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
    Halide::ImageParam x{Halide::Int(8), 3, "x"};     // [1, C, L]
    Halide::ImageParam w1{Halide::Int(8), 3, "w1"};   // [F, C, 3]
    Halide::ImageParam b1{Halide::Int(32), 1, "b1"};  // [F]
    Halide::ImageParam m1{Halide::Int(32), 1, "m1"};  // [F] Q31 multipliers
    Halide::ImageParam s1{Halide::Int(32), 1, "s1"};  // [F] right shifts
    Halide::ImageParam w2{Halide::Int(8), 3, "w2"};   // [F, F, 3]
    Halide::ImageParam b2{Halide::Int(32), 1, "b2"};  // [F]
    Halide::ImageParam m2{Halide::Int(32), 1, "m2"};  // [F]
    Halide::ImageParam s2{Halide::Int(32), 1, "s2"};  // [F]
    Halide::ImageParam w3{Halide::Int(8), 2, "w3"};   // [U, F*Lp]
    Halide::ImageParam b3{Halide::Int(32), 1, "b3"};  // [U]
    Halide::ImageParam w4{Halide::Int(8), 2, "w4"};   // [N, U]
    Halide::ImageParam b4{Halide::Int(32), 1, "b4"};  // [N]
    // l: a sample, f: a filter (channel), u: a hidden unit, k: a class, b: the batch (1).
    Halide::Var l{"l"}, f{"f"}, u{"u"}, k{"k"}, b{"b"};
    Halide::RDom r1;  // conv1: r1.x the tap (3), r1.y the input channel (C)
    Halide::RDom r2;  // conv2: r2.x the tap (3), r2.y the input filter (F)
    Halide::RDom r3;  // dense 1: r3.x the pooled sample (Lp), r3.y the filter (F)
    Halide::RDom r4;  // dense 2: the hidden units (U)
    Halide::Func acc1{"acc1"};      // b1 + (x - zp_x) * w1, int32
    Halide::Func a1{"a1"};          // requantized with ReLU, int8
    Halide::Func acc2{"acc2"};      // b2 + (a1 - zp_a) * w2, int32
    Halide::Func a2{"a2"};          // requantized with ReLU, int8
    Halide::Func pool{"pool"};      // max over sample pairs, int8
    Halide::Func acc3{"acc3"};      // b3 + (flatten(pool) - zp_a) w3, int32
    Halide::Func hidden{"hidden"};  // requantized with ReLU, int8
    Halide::Func acc4{"acc4"};      // b4 + (hidden - zp_a) w4, int32
    Halide::Func logits{"logits"};  // requantized: the output, int8

    Algorithm() {
        using namespace Halide;
        Expr C = x.dim(1).extent(), L = x.dim(0).extent(), F = b1.dim(0).extent();
        Expr Lp = (L - 4) / 2;
        r1 = RDom(0, 3, 0, C, "r1");
        r2 = RDom(0, 3, 0, F, "r2");
        r3 = RDom(0, Lp, 0, F, "r3");
        r4 = RDom(0, b3.dim(0).extent(), "r4");
        acc1(l, f) = b1(f);
        acc1(l, f) += cast<int32_t>(w1(r1.x, r1.y, f)) * (cast<int32_t>(x(l + r1.x, r1.y, 0)) - zp_x);
        a1(l, f) = requant(acc1(l, f), m1(f), s1(f), zp_a, zp_a);
        acc2(l, f) = b2(f);
        acc2(l, f) += cast<int32_t>(w2(r2.x, r2.y, f)) * (cast<int32_t>(a1(l + r2.x, r2.y)) - zp_a);
        a2(l, f) = requant(acc2(l, f), m2(f), s2(f), zp_a, zp_a);
        pool(l, f) = max(a2(2 * l, f), a2(2 * l + 1, f));
        acc3(u) = b3(u);
        acc3(u) += cast<int32_t>(w3(r3.y * Lp + r3.x, u)) * (cast<int32_t>(pool(r3.x, r3.y)) - zp_a);
        hidden(u) = requant(acc3(u), M3, S3, zp_a, zp_a);
        acc4(k) = b4(k);
        acc4(k) += cast<int32_t>(w4(r4, k)) * (cast<int32_t>(hidden(r4)) - zp_a);
        logits(k, b) = requant(acc4(k), M4, S4, zp_out, -128);
    }

    ekb::Kernel kernel() { return {{x, w1, b1, m1, s1, w2, b2, m2, s2, w3, b3, w4, b4}, {logits}}; }
};

}  // namespace task
