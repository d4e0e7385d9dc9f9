// Halide reference algorithm for task `vww_mobilenetv1_025_int8`: the MLPerf Tiny Visual Wake
// Words model (MobileNetV1 at width 0.25) as its int8 TFLite model runs it, per-channel
// weights (docs/task-format.md, int8 tasks), the whole network:
//   q(acc, M, s) = clamp(-128 + RDivPOT(SRDHM(acc, M[c]), s[c]), -128, 127)  (every conv is
//                  followed by a ReLU, and every ReLU output has zero point -128)
//   a[0] = q(b0 + sum (x_pad - zp_x) * w0)                     3x3 stride 2, C0 -> NF
//   block i = 1..13: d[i] = q(b_dw + sum_taps (a_pad - (-128)) * w_dw)     depthwise 3x3, stride s
//                    a[i] = q(b_pw + sum_ci (d[i] + 128) * w_pw)           pointwise
//   feat = a[13]; p = round_half_away(sum_hw feat / (h w)); logits = clamp(zp_y +
//   RDivPOT(SRDHM(b_fc + sum (p + 128) * w_fc, M_fc[o]), s_fc[o]), -128, 127)
// Blocks (channels in units of NF, stride) as in task vww_mobilenetv1_025; blocks 7-11 have
// their tensors stacked along a leading dim of 5. 'same' padding with the input's zero point:
// stride-1 convs read in(col + kx - 1), stride-2 convs in(2 col + kx - w % 2) for an input
// of width w. Halide dimension 0 is the last PyTorch dimension: x(col, row, c, 0) is
// x[0, c, row, col], dw1_w(kx, ky, 0, c) is dw1_w[c, 0, ky, kx], dw7_11_m(c, l) is
// dw7_11_m[l, c], pw1_w(0, 0, ci, co) is pw1_w[co, ci, 0, 0].
#pragma once
#include <ekb/kernel.h>

#include <cstdint>
#include <string>

namespace task {

constexpr int32_t zp_x = -128;  // input zero point: reference.py's get_init_inputs()
constexpr int32_t zp_y = 3;     // logits zero point
constexpr int32_t zp_r = -128;  // every ReLU output

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

// A per-channel requantization with a fused ReLU (zero point and clamp -128).
static inline Halide::Expr requant_relu(const Halide::Expr &acc, const Halide::Expr &m, const Halide::Expr &s) {
    using namespace Halide;
    return cast<int8_t>(clamp(zp_r + rdivpot(srdhm(acc, m), s), zp_r, 127));
}

struct Algorithm {
    static constexpr int blocks = 13;
    static constexpr int in_mult[blocks + 1] = {0, 1, 2, 4, 4, 8, 8, 16, 16, 16, 16, 16, 16, 32};
    static constexpr int out_mult[blocks + 1] = {1, 2, 4, 4, 8, 8, 16, 16, 16, 16, 16, 16, 32, 32};
    static constexpr int stride[blocks + 1] = {2, 1, 2, 1, 2, 1, 2, 1, 1, 1, 1, 1, 2, 1};

    using IP = Halide::ImageParam;
    IP x{Halide::Int(8), 4, "x"};  // [1, C0, H, W]
    IP w0{Halide::Int(8), 4, "w0"}, b0{Halide::Int(32), 1, "b0"}, m0{Halide::Int(32), 1, "m0"}, s0{Halide::Int(32), 1, "s0"};
    // Blocks 1-6, 12, 13: weights, bias, multiplier, shift of the depthwise and pointwise convs.
    IP dw_w[blocks + 1], dw_b[blocks + 1], dw_m[blocks + 1], dw_s[blocks + 1];
    IP pw_w[blocks + 1], pw_b[blocks + 1], pw_m[blocks + 1], pw_s[blocks + 1];
    // Blocks 7-11 share these stacked tensors ([5, ...]).
    IP dw7_11_w{Halide::Int(8), 5, "dw7_11_w"}, dw7_11_b{Halide::Int(32), 2, "dw7_11_b"};
    IP dw7_11_m{Halide::Int(32), 2, "dw7_11_m"}, dw7_11_s{Halide::Int(32), 2, "dw7_11_s"};
    IP pw7_11_w{Halide::Int(8), 5, "pw7_11_w"}, pw7_11_b{Halide::Int(32), 2, "pw7_11_b"};
    IP pw7_11_m{Halide::Int(32), 2, "pw7_11_m"}, pw7_11_s{Halide::Int(32), 2, "pw7_11_s"};
    IP fc_w{Halide::Int(8), 2, "fc_w"}, fc_b{Halide::Int(32), 1, "fc_b"};
    IP fc_m{Halide::Int(32), 1, "fc_m"}, fc_s{Halide::Int(32), 1, "fc_s"};
    Halide::Var col{"col"}, row{"row"}, c{"c"}, n{"n"};  // maps: (col, row, channel, batch)
    Halide::Var o{"o"};                                  // logits: (o, n)
    Halide::RDom r0;               // the stem: r0.x input channel, r0.y kx, r0.z ky
    Halide::RDom rpw[blocks + 1];  // the input channels of each pointwise conv
    Halide::RDom rp;               // the final map's positions (the average pool)
    Halide::RDom rf;               // the 32 NF features of the classifier
    Halide::Func stem{"stem"};     // the stem's int32 accumulator: the reduction over r0
    Halide::Func a[blocks + 1];    // "a0".."a13": the block outputs, int8
    Halide::Func pad[blocks + 1];  // "pad1".."pad13": a[i-1], -128 outside its map
    Halide::Func d[blocks + 1];    // "d1".."d13": the depthwise conv requantized, int8 (9 taps written out)
    Halide::Func pw[blocks + 1];   // "pw1".."pw13": the pointwise int32 accumulator: the reduction over rpw[i]
    Halide::Func pad_x{"pad_x"};   // x, zp_x outside its map
    Halide::Func pool_sum{"pool_sum"}, pool{"pool"}, fc{"fc"};
    Halide::Func feat{"feat"}, logits{"logits"};  // the outputs

    static bool stacked(int i) { return i >= 7 && i <= 11; }
    Halide::Expr dwW(int i, Halide::Expr kx, Halide::Expr ky, Halide::Expr ch) {
        return stacked(i) ? dw7_11_w(kx, ky, 0, ch, i - 7) : dw_w[i](kx, ky, 0, ch);
    }
    Halide::Expr pwW(int i, Halide::Expr ci, Halide::Expr co) {
        return stacked(i) ? pw7_11_w(0, 0, ci, co, i - 7) : pw_w[i](0, 0, ci, co);
    }
    // A per-channel parameter of block i (stacked: its slice of the [5, C] tensor).
    static Halide::Expr per_channel(int i, IP *own, IP &shared, Halide::Expr ch) {
        return stacked(i) ? shared(ch, i - 7) : own[i](ch);
    }

    Algorithm() {
        using namespace Halide;
        for (int i = 1; i <= blocks; i++) {
            if (stacked(i)) continue;
            const std::string s = std::to_string(i);
            dw_w[i] = IP(Int(8), 4, "dw" + s + "_w");
            dw_b[i] = IP(Int(32), 1, "dw" + s + "_b");
            dw_m[i] = IP(Int(32), 1, "dw" + s + "_m");
            dw_s[i] = IP(Int(32), 1, "dw" + s + "_s");
            pw_w[i] = IP(Int(8), 4, "pw" + s + "_w");
            pw_b[i] = IP(Int(32), 1, "pw" + s + "_b");
            pw_m[i] = IP(Int(32), 1, "pw" + s + "_m");
            pw_s[i] = IP(Int(32), 1, "pw" + s + "_s");
        }
        Expr W = x.dim(0).extent(), H = x.dim(1).extent(), NF = w0.dim(3).extent();
        r0 = RDom(0, x.dim(2).extent(), 0, 3, 0, 3, "r0");
        pad_x(col, row, c, n) = BoundaryConditions::constant_exterior(x, cast<int8_t>(zp_x), {{0, W}, {0, H}})(col, row, c, n);
        stem(col, row, c, n) = b0(c);
        stem(col, row, c, n) += (cast<int32_t>(pad_x(2 * col + r0.y - W % 2, 2 * row + r0.z - H % 2, r0.x, n)) - zp_x) *
                                cast<int32_t>(w0(r0.y, r0.z, r0.x, c));
        a[0] = Func("a0");
        a[0](col, row, c, n) = requant_relu(stem(col, row, c, n), m0(c), s0(c));
        Expr w = (W + 1) / 2, h = (H + 1) / 2;  // the current map
        for (int i = 1; i <= blocks; i++) {
            const std::string s = std::to_string(i);
            a[i] = Func("a" + s);
            pad[i] = Func("pad" + s);
            d[i] = Func("d" + s);
            pw[i] = Func("pw" + s);
            rpw[i] = RDom(0, in_mult[i] * NF, "rpw" + s);
            pad[i](col, row, c, n) =
                BoundaryConditions::constant_exterior(a[i - 1], cast<int8_t>(zp_r), {{0, w}, {0, h}})(col, row, c, n);
            Expr sum = per_channel(i, dw_b, dw7_11_b, c);
            for (int ky = 0; ky < 3; ky++) {
                for (int kx = 0; kx < 3; kx++) {
                    Expr ix = stride[i] == 1 ? col + kx - 1 : 2 * col + kx - w % 2;
                    Expr iy = stride[i] == 1 ? row + ky - 1 : 2 * row + ky - h % 2;
                    sum += (cast<int32_t>(pad[i](ix, iy, c, n)) - zp_r) * cast<int32_t>(dwW(i, kx, ky, c));
                }
            }
            d[i](col, row, c, n) = requant_relu(sum, per_channel(i, dw_m, dw7_11_m, c), per_channel(i, dw_s, dw7_11_s, c));
            pw[i](col, row, c, n) = per_channel(i, pw_b, pw7_11_b, c);
            pw[i](col, row, c, n) += (cast<int32_t>(d[i](col, row, rpw[i], n)) - zp_r) * cast<int32_t>(pwW(i, rpw[i], c));
            a[i](col, row, c, n) =
                requant_relu(pw[i](col, row, c, n), per_channel(i, pw_m, pw7_11_m, c), per_channel(i, pw_s, pw7_11_s, c));
            if (stride[i] == 2) {
                w = (w + 1) / 2;
                h = (h + 1) / 2;
            }
        }
        feat(col, row, c, n) = a[blocks](col, row, c, n);
        // AVERAGE_POOL_2D over the map (rounded half away from zero; positive operands only,
        // so floor and truncation agree; the clamp is the sum's exact range and bounds the
        // negation), then FULLY_CONNECTED per-channel.
        rp = RDom(0, w, 0, h, "rp");
        rf = RDom(0, 32 * NF, "rf");
        pool_sum(c, n) = 0;
        pool_sum(c, n) += cast<int32_t>(feat(rp.x, rp.y, c, n));
        Expr cnt = w * h;
        Expr t = clamp(pool_sum(c, n), -128 * cnt, 127 * cnt);
        Expr q = (select(t >= 0, t, -t) + cnt / 2) / cnt;
        pool(c, n) = select(t >= 0, q, -q);
        fc(o, n) = fc_b(o);
        fc(o, n) += (pool(rf, n) - zp_r) * cast<int32_t>(fc_w(rf, o));
        logits(o, n) = cast<int8_t>(clamp(zp_y + rdivpot(srdhm(fc(o, n), fc_m(o)), fc_s(o)), -128, 127));
    }

    ekb::Kernel kernel() {
        std::vector<Halide::ImageParam> in = {x, w0, b0, m0, s0};
        for (int i = 1; i <= blocks; i++) {
            if (i >= 8 && i <= 11) continue;
            if (i == 7) {
                in.insert(in.end(), {dw7_11_w, dw7_11_b, dw7_11_m, dw7_11_s, pw7_11_w, pw7_11_b, pw7_11_m, pw7_11_s});
            } else {
                in.insert(in.end(), {dw_w[i], dw_b[i], dw_m[i], dw_s[i], pw_w[i], pw_b[i], pw_m[i], pw_s[i]});
            }
        }
        in.insert(in.end(), {fc_w, fc_b, fc_m, fc_s});
        return {in, {feat, logits}};
    }
};

}  // namespace task
