// Halide reference algorithm for task `resnet8_full_int8`: MLPerf Tiny's ResNet-8 as its int8
// TFLite model runs it, per-channel conv weights (docs/task-format.md, int8 tasks):
//   conv_q(a) = clamp(zp_out + RDivPOT(SRDHM(b[c] + sum (a_pad - zp_a) * w, M[c]), s[c]), lo, 127)
//   a0 = conv_q(x)  h1 = conv_q(a0)  c12 = conv_q(h1) (linear)  a1 = ADD(a0, c12)
//   h2 = conv_q_s2(a1)  c22 = conv_q(h2)  sc2 = conv1x1_q_s2(a1)  a2 = ADD(sc2, c22)
//   h3 = conv_q_s2(a2)  c32 = conv_q(h3)  sc3 = conv1x1_q_s2(a2)  a3 = ADD(sc3, c32) = feat
//   p = AVERAGE_POOL(a3) over the whole map, logits = FULLY_CONNECTED(p)
// Every ReLU output (a*, h*) has zero point -128, which is also its lower clamp; the linear
// conv outputs have their own zero points and clamp at -128. ADD: TFLite's integer ADD with a
// fused ReLU, the constants of task add_int8. 'same' padding with the input's zero point:
// stride-1 3x3 convs read in(col + kx - 1), stride-2 3x3 convs in(2 col + kx - w % 2) for a
// map of width w, the 1x1 stride-2 shortcuts in(2 col). Halide dimension 0 is the last
// PyTorch dimension: x(col, row, c, 0) is x[0, c, row, col], w0(kx, ky, ci, co) is
// w0[co, ci, ky, kx], w_fc(i, o) is w_fc[o, i].
#pragma once
#include <ekb/kernel.h>

#include <cstdint>

namespace task {

// Zero points: reference.py's get_init_inputs().
constexpr int32_t zp_x = -128, zp_c12 = 6, zp_c22 = -5, zp_s2 = 3, zp_c32 = -7, zp_s3 = 2, zp_y = 4;
constexpr int32_t zp_r = -128;  // every ReLU output
// The ADDs' rescaling (task add_int8): left shift 20, (M, shift) per input and the output.
constexpr int32_t add_left_shift = 20;
constexpr int32_t add_m_a = 1073741824, add_s_a = 0, add_m_b = 1775192614, add_s_b = 1;
constexpr int32_t add_m_out = 1250935672, add_s_out = 19;

// SaturatingRoundingDoublingHighMul in Int(64), written as an arithmetic shift (see
// docs/task-format.md: no sign-dependent select, no truncating division).
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

// SRDHM by a constant multiplier b != INT32_MIN: the saturating case (a == b == INT32_MIN)
// cannot occur, so it is left out (Halide's simplifier would otherwise constant-fold an
// overflowing comparison of a shifted int8 value with INT32_MIN).
static inline Halide::Expr srdhm_const(const Halide::Expr &a, int32_t b) {
    using namespace Halide;
    return cast<int32_t>((cast<int64_t>(a) * Expr(int64_t(b)) + Expr(int64_t(1) << 30)) >> 31);
}

// TFLite's int8 ADD of a (zero point zp_a) and b (zp_b) with a fused ReLU, output zero point zp_r.
static inline Halide::Expr add_q(const Halide::Expr &a, int32_t zp_a, const Halide::Expr &b, int32_t zp_b) {
    using namespace Halide;
    Expr sa = rdivpot(srdhm_const((cast<int32_t>(a) - zp_a) << add_left_shift, add_m_a), add_s_a);
    Expr sb = rdivpot(srdhm_const((cast<int32_t>(b) - zp_b) << add_left_shift, add_m_b), add_s_b);
    return cast<int8_t>(clamp(zp_r + rdivpot(srdhm_const(sa + sb, add_m_out), add_s_out), zp_r, 127));
}

struct Algorithm {
    using IP = Halide::ImageParam;
    IP x{Halide::Int(8), 4, "x"};  // [1, C0, H, W]
    // Per layer: int8 weights, int32 bias, per-channel Q31 multiplier and right shift.
    IP w0{Halide::Int(8), 4, "w0"}, b0{Halide::Int(32), 1, "b0"}, m0{Halide::Int(32), 1, "m0"}, s0{Halide::Int(32), 1, "s0"};
    IP w11{Halide::Int(8), 4, "w11"}, b11{Halide::Int(32), 1, "b11"}, m11{Halide::Int(32), 1, "m11"}, s11{Halide::Int(32), 1, "s11"};
    IP w12{Halide::Int(8), 4, "w12"}, b12{Halide::Int(32), 1, "b12"}, m12{Halide::Int(32), 1, "m12"}, s12{Halide::Int(32), 1, "s12"};
    IP w21{Halide::Int(8), 4, "w21"}, b21{Halide::Int(32), 1, "b21"}, m21{Halide::Int(32), 1, "m21"}, s21{Halide::Int(32), 1, "s21"};
    IP w22{Halide::Int(8), 4, "w22"}, b22{Halide::Int(32), 1, "b22"}, m22{Halide::Int(32), 1, "m22"}, s22{Halide::Int(32), 1, "s22"};
    IP ws2{Halide::Int(8), 4, "ws2"}, bs2{Halide::Int(32), 1, "bs2"}, ms2{Halide::Int(32), 1, "ms2"}, ss2{Halide::Int(32), 1, "ss2"};
    IP w31{Halide::Int(8), 4, "w31"}, b31{Halide::Int(32), 1, "b31"}, m31{Halide::Int(32), 1, "m31"}, s31{Halide::Int(32), 1, "s31"};
    IP w32{Halide::Int(8), 4, "w32"}, b32{Halide::Int(32), 1, "b32"}, m32{Halide::Int(32), 1, "m32"}, s32{Halide::Int(32), 1, "s32"};
    IP ws3{Halide::Int(8), 4, "ws3"}, bs3{Halide::Int(32), 1, "bs3"}, ms3{Halide::Int(32), 1, "ms3"}, ss3{Halide::Int(32), 1, "ss3"};
    IP w_fc{Halide::Int(8), 2, "w_fc"}, b_fc{Halide::Int(32), 1, "b_fc"}, m_fc{Halide::Int(32), 1, "m_fc"}, s_fc{Halide::Int(32), 1, "s_fc"};
    Halide::Var col{"col"}, row{"row"}, c{"c"}, n{"n"};  // maps: (col, row, channel, batch)
    Halide::Var o{"o"};                                  // logits: (o, n)
    // Reductions: r.x input channel, r.y kx, r.z ky (3x3 convs); the 1x1 shortcuts reduce rs*.
    Halide::RDom r0, r11, r12, r21, r22, rs2, r31, r32, rs3;
    Halide::RDom rp;  // the H3 x W3 positions averaged by the pool
    Halide::RDom rf;  // the 4F features of the classifier
    // conv*/sc*_acc: the int32 accumulators; a*, h*, c*, sc*: the int8 maps; pad_*: the
    // maps padded with their zero points.
    Halide::Func pad_x{"pad_x"}, conv0{"conv0"}, a0{"a0"}, pad_a0{"pad_a0"};
    Halide::Func conv11{"conv11"}, h1{"h1"}, pad_h1{"pad_h1"}, conv12{"conv12"}, c12{"c12"}, a1{"a1"}, pad_a1{"pad_a1"};
    Halide::Func conv21{"conv21"}, h2{"h2"}, pad_h2{"pad_h2"}, conv22{"conv22"}, c22{"c22"};
    Halide::Func sc2_acc{"sc2_acc"}, sc2{"sc2"}, a2{"a2"}, pad_a2{"pad_a2"};
    Halide::Func conv31{"conv31"}, h3{"h3"}, pad_h3{"pad_h3"}, conv32{"conv32"}, c32{"c32"};
    Halide::Func sc3_acc{"sc3_acc"}, sc3{"sc3"};
    Halide::Func pool_sum{"pool_sum"}, pool{"pool"}, fc{"fc"};
    Halide::Func feat{"feat"}, logits{"logits"};  // the outputs: a3 and the logits

    Algorithm() {
        using namespace Halide;
        Expr W = x.dim(0).extent(), H = x.dim(1).extent();
        Expr W2 = (W + 1) / 2, H2 = (H + 1) / 2, W3 = (W2 + 1) / 2, H3 = (H2 + 1) / 2;
        Expr C0 = x.dim(2).extent(), NF = w0.dim(3).extent();
        r0 = RDom(0, C0, 0, 3, 0, 3, "r0");
        r11 = RDom(0, NF, 0, 3, 0, 3, "r11");
        r12 = RDom(0, NF, 0, 3, 0, 3, "r12");
        r21 = RDom(0, NF, 0, 3, 0, 3, "r21");
        r22 = RDom(0, 2 * NF, 0, 3, 0, 3, "r22");
        rs2 = RDom(0, NF, "rs2");
        r31 = RDom(0, 2 * NF, 0, 3, 0, 3, "r31");
        r32 = RDom(0, 4 * NF, 0, 3, 0, 3, "r32");
        rs3 = RDom(0, 2 * NF, "rs3");
        rp = RDom(0, W3, 0, H3, "rp");
        rf = RDom(0, 4 * NF, "rf");

        auto pad = [&](Func out, Func in, Expr w, Expr h, int32_t zp) {
            out(col, row, c, n) =
                BoundaryConditions::constant_exterior(in, cast<int8_t>(zp), {{0, w}, {0, h}})(col, row, c, n);
        };
        auto conv3 = [&](Func acc, Func in, int32_t zp_in, IP wt, IP bias, RDom r, int stride, Expr w, Expr h) {
            Expr ix = stride == 1 ? col + r.y - 1 : 2 * col + r.y - w % 2;
            Expr iy = stride == 1 ? row + r.z - 1 : 2 * row + r.z - h % 2;
            acc(col, row, c, n) = bias(c);
            acc(col, row, c, n) += (cast<int32_t>(in(ix, iy, r.x, n)) - zp_in) * cast<int32_t>(wt(r.y, r.z, r.x, c));
        };
        auto conv1 = [&](Func acc, Func in, int32_t zp_in, IP wt, IP bias, RDom r) {
            acc(col, row, c, n) = bias(c);
            acc(col, row, c, n) += (cast<int32_t>(in(2 * col, 2 * row, r.x, n)) - zp_in) * cast<int32_t>(wt(0, 0, r.x, c));
        };
        auto requant = [&](Func out, Func acc, IP m, IP s, int32_t zp_out, int32_t lo) {
            out(col, row, c, n) = cast<int8_t>(clamp(zp_out + rdivpot(srdhm(acc(col, row, c, n), m(c)), s(c)), lo, 127));
        };

        pad(pad_x, x, W, H, zp_x);
        conv3(conv0, pad_x, zp_x, w0, b0, r0, 1, W, H);
        requant(a0, conv0, m0, s0, zp_r, zp_r);
        pad(pad_a0, a0, W, H, zp_r);
        // stack 1: identity shortcut
        conv3(conv11, pad_a0, zp_r, w11, b11, r11, 1, W, H);
        requant(h1, conv11, m11, s11, zp_r, zp_r);
        pad(pad_h1, h1, W, H, zp_r);
        conv3(conv12, pad_h1, zp_r, w12, b12, r12, 1, W, H);
        requant(c12, conv12, m12, s12, zp_c12, -128);
        a1(col, row, c, n) = add_q(a0(col, row, c, n), zp_r, c12(col, row, c, n), zp_c12);
        pad(pad_a1, a1, W, H, zp_r);
        // stack 2: stride 2, 1x1 conv shortcut
        conv3(conv21, pad_a1, zp_r, w21, b21, r21, 2, W, H);
        requant(h2, conv21, m21, s21, zp_r, zp_r);
        pad(pad_h2, h2, W2, H2, zp_r);
        conv3(conv22, pad_h2, zp_r, w22, b22, r22, 1, W2, H2);
        requant(c22, conv22, m22, s22, zp_c22, -128);
        conv1(sc2_acc, pad_a1, zp_r, ws2, bs2, rs2);
        requant(sc2, sc2_acc, ms2, ss2, zp_s2, -128);
        a2(col, row, c, n) = add_q(sc2(col, row, c, n), zp_s2, c22(col, row, c, n), zp_c22);
        pad(pad_a2, a2, W2, H2, zp_r);
        // stack 3
        conv3(conv31, pad_a2, zp_r, w31, b31, r31, 2, W2, H2);
        requant(h3, conv31, m31, s31, zp_r, zp_r);
        pad(pad_h3, h3, W3, H3, zp_r);
        conv3(conv32, pad_h3, zp_r, w32, b32, r32, 1, W3, H3);
        requant(c32, conv32, m32, s32, zp_c32, -128);
        conv1(sc3_acc, pad_a2, zp_r, ws3, bs3, rs3);
        requant(sc3, sc3_acc, ms3, ss3, zp_s3, -128);
        feat(col, row, c, n) = add_q(sc3(col, row, c, n), zp_s3, c32(col, row, c, n), zp_c32);
        // head: AVERAGE_POOL_2D over the map (rounded half away from zero; positive operands
        // only, so floor and truncation agree), FULLY_CONNECTED per-channel
        pool_sum(c, n) = 0;
        pool_sum(c, n) += cast<int32_t>(feat(rp.x, rp.y, c, n));
        Expr cnt = W3 * H3;
        Expr t = clamp(pool_sum(c, n), -128 * cnt, 127 * cnt);  // its exact range (bounds the negation)
        Expr q = (select(t >= 0, t, -t) + cnt / 2) / cnt;
        pool(c, n) = select(t >= 0, q, -q);
        fc(o, n) = b_fc(o);
        fc(o, n) += (pool(rf, n) - zp_r) * cast<int32_t>(w_fc(rf, o));
        logits(o, n) = cast<int8_t>(clamp(zp_y + rdivpot(srdhm(fc(o, n), m_fc(o)), s_fc(o)), -128, 127));
    }

    ekb::Kernel kernel() {
        return {{x,   w0,  b0,  m0,  s0,  w11, b11, m11, s11, w12, b12, m12, s12, w21, b21, m21, s21,
                 w22, b22, m22, s22, ws2, bs2, ms2, ss2, w31, b31, m31, s31, w32, b32, m32, s32,
                 ws3, bs3, ms3, ss3, w_fc, b_fc, m_fc, s_fc},
                {feat, logits}};
    }
};

}  // namespace task
