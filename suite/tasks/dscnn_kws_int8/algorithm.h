// Halide reference algorithm for task `dscnn_kws_int8`: the MLPerf Tiny keyword-spotting
// DS-CNN as its int8 TFLite model runs it, per-channel weights (docs/task-format.md, int8
// tasks), the whole network:
//   q(acc, M, s) = clamp(-128 + RDivPOT(SRDHM(acc, M[c]), s[c]), -128, 127)  (ReLU fused:
//                  every ReLU output has zero point -128)
//   a[0] = q(b1 + sum_taps (x_pad - zp_x) * w1)       10x4 stride 2, 'same': reads
//                                                      x(2 col + kx - 1, 2 row + ky - 4)
//   block i = 0..3: d[i] = q(dw_b[i] + sum_taps (a_pad[i] + 128) * dw_w[i])     3x3 depthwise
//                   a[i+1] = q(pw_b[i] + sum_ci (d[i] + 128) * pw_w[i])         1x1, C -> C
//   feat = a[4]; p = round_half_away(sum_hw feat / (H1 W1)); logits = clamp(zp_y +
//   RDivPOT(SRDHM(fc_b + sum (p + 128) * fc_w, fc_m[k]), fc_s[k]), -128, 127)
// H1 = ceil(H/2), W1 = ceil(W/2); the pads hold the input's zero point (so contribute 0).
// Halide dimension 0 is the last PyTorch dimension: x(col, row, 0, 0) is x[0, 0, row, col],
// w1(kx, ky, 0, c) is w1[c, 0, ky, kx], dw_w(kx, ky, 0, c, i) is dw_w[i, c, 0, ky, kx],
// pw_w(0, 0, ci, co, i) is pw_w[i, co, ci, 0, 0], dw_m(c, i) is dw_m[i, c].
#pragma once
#include <ekb/kernel.h>

#include <cstdint>
#include <string>

namespace task {

constexpr int32_t zp_x = 83;    // input zero point: reference.py's get_init_inputs()
constexpr int32_t zp_y = -6;    // logits zero point
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

static inline Halide::Expr requant_relu(const Halide::Expr &acc, const Halide::Expr &m, const Halide::Expr &s) {
    using namespace Halide;
    return cast<int8_t>(clamp(zp_r + rdivpot(srdhm(acc, m), s), zp_r, 127));
}

struct Algorithm {
    static constexpr int blocks = 4;
    using IP = Halide::ImageParam;
    IP x{Halide::Int(8), 4, "x"};  // [1, 1, H, W] MFCC frames x coefficients
    IP w1{Halide::Int(8), 4, "w1"}, b1{Halide::Int(32), 1, "b1"}, m1{Halide::Int(32), 1, "m1"}, s1{Halide::Int(32), 1, "s1"};
    IP dw_w{Halide::Int(8), 5, "dw_w"}, dw_b{Halide::Int(32), 2, "dw_b"}, dw_m{Halide::Int(32), 2, "dw_m"}, dw_s{Halide::Int(32), 2, "dw_s"};
    IP pw_w{Halide::Int(8), 5, "pw_w"}, pw_b{Halide::Int(32), 2, "pw_b"}, pw_m{Halide::Int(32), 2, "pw_m"}, pw_s{Halide::Int(32), 2, "pw_s"};
    IP fc_w{Halide::Int(8), 2, "fc_w"}, fc_b{Halide::Int(32), 1, "fc_b"}, fc_m{Halide::Int(32), 1, "fc_m"}, fc_s{Halide::Int(32), 1, "fc_s"};
    Halide::Var col{"col"}, row{"row"}, c{"c"}, n{"n"};  // maps: (col, row, channel, batch)
    Halide::Var k{"k"};                                  // logits: (k, n)
    Halide::RDom r1;             // conv1's taps: r1.x kx (4), r1.y ky (10)
    Halide::RDom rpw;            // the input channels of the pointwise convs (C)
    Halide::RDom rp;             // the H1 x W1 positions averaged by the pool
    Halide::RDom rf;             // the C features of the classifier
    Halide::Func x_pad{"x_pad"};      // x, zp_x outside its map
    Halide::Func conv1{"conv1"};      // conv1's int32 accumulator: the reduction over r1
    Halide::Func a[blocks + 1];       // "a0".."a4": int8 maps
    Halide::Func pad[blocks];         // "pad0".."pad3": a[i], -128 outside the map
    Halide::Func d[blocks];           // "d0".."d3": the depthwise convs requantized (9 taps written out)
    Halide::Func pw[blocks];          // "pw0".."pw3": the pointwise int32 accumulators: reductions over rpw
    Halide::Func pool_sum{"pool_sum"}, pool{"pool"}, fc{"fc"};
    Halide::Func feat{"feat"}, logits{"logits"};  // the outputs

    Algorithm() {
        using namespace Halide;
        Expr W = x.dim(0).extent(), H = x.dim(1).extent(), C = w1.dim(3).extent();
        Expr W1 = (W + 1) / 2, H1 = (H + 1) / 2;
        r1 = RDom(0, 4, 0, 10, "r1");
        rpw = RDom(0, C, "rpw");
        rp = RDom(0, W1, 0, H1, "rp");
        rf = RDom(0, C, "rf");
        x_pad(col, row, c, n) = BoundaryConditions::constant_exterior(x, cast<int8_t>(zp_x), {{0, W}, {0, H}})(col, row, c, n);
        conv1(col, row, c, n) = b1(c);
        conv1(col, row, c, n) +=
            (cast<int32_t>(x_pad(2 * col + r1.x - 1, 2 * row + r1.y - 4, 0, n)) - zp_x) * cast<int32_t>(w1(r1.x, r1.y, 0, c));
        a[0] = Func("a0");
        a[0](col, row, c, n) = requant_relu(conv1(col, row, c, n), m1(c), s1(c));
        for (int i = 0; i < blocks; i++) {
            const std::string s = std::to_string(i);
            pad[i] = Func("pad" + s);
            d[i] = Func("d" + s);
            pw[i] = Func("pw" + s);
            a[i + 1] = Func("a" + std::to_string(i + 1));
            pad[i](col, row, c, n) =
                BoundaryConditions::constant_exterior(a[i], cast<int8_t>(zp_r), {{0, W1}, {0, H1}})(col, row, c, n);
            Expr sum = dw_b(c, i);
            for (int ky = 0; ky < 3; ky++) {
                for (int kx = 0; kx < 3; kx++) {
                    sum += (cast<int32_t>(pad[i](col + kx - 1, row + ky - 1, c, n)) - zp_r) * cast<int32_t>(dw_w(kx, ky, 0, c, i));
                }
            }
            d[i](col, row, c, n) = requant_relu(sum, dw_m(c, i), dw_s(c, i));
            pw[i](col, row, c, n) = pw_b(c, i);
            pw[i](col, row, c, n) += (cast<int32_t>(d[i](col, row, rpw, n)) - zp_r) * cast<int32_t>(pw_w(0, 0, rpw, c, i));
            a[i + 1](col, row, c, n) = requant_relu(pw[i](col, row, c, n), pw_m(c, i), pw_s(c, i));
        }
        feat(col, row, c, n) = a[blocks](col, row, c, n);
        // AVERAGE_POOL_2D over the map (rounded half away from zero; positive operands only, so
        // floor and truncation agree; the clamp is the sum's exact range and bounds the
        // negation), then FULLY_CONNECTED per-channel.
        pool_sum(c, n) = 0;
        pool_sum(c, n) += cast<int32_t>(feat(rp.x, rp.y, c, n));
        Expr cnt = W1 * H1;
        Expr t = clamp(pool_sum(c, n), -128 * cnt, 127 * cnt);
        Expr q = (select(t >= 0, t, -t) + cnt / 2) / cnt;
        pool(c, n) = select(t >= 0, q, -q);
        fc(k, n) = fc_b(k);
        fc(k, n) += (pool(rf, n) - zp_r) * cast<int32_t>(fc_w(rf, k));
        logits(k, n) = cast<int8_t>(clamp(zp_y + rdivpot(srdhm(fc(k, n), fc_m(k)), fc_s(k)), -128, 127));
    }

    ekb::Kernel kernel() {
        return {{x, w1, b1, m1, s1, dw_w, dw_b, dw_m, dw_s, pw_w, pw_b, pw_m, pw_s, fc_w, fc_b, fc_m, fc_s}, {feat, logits}};
    }
};

}  // namespace task
