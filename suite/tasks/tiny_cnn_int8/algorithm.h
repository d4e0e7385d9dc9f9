// Halide reference algorithm for task `tiny_cnn_int8`: a tiny int8 CNN classifier with TFLite
// integer semantics (docs/task-format.md, int8 tasks):
//   conv_acc[c, y, x] = conv_b[c]
//                     + sum_{ci, ky, kx} (padded[ci, y+ky-1, x+kx-1] - zp_in) * conv_w[c, ci, ky, kx]
//   act  = clamp(zp_act + RDivPOT(SRDHM(conv_acc, M1), s1), zp_act, 127)      (fused ReLU)
//   pool = 2x2 max pool of act, stride 2 (floor)
//   fc_acc[k] = fc_b[k] + sum over the flattened (c, y, x) of (pool - zp_act) * fc_w[k, i]
//   logits[k] = clamp(zp_out + RDivPOT(SRDHM(fc_acc, M2), s2), -128, 127)
// Halide dimension 0 is the last PyTorch dimension: input(x, y, ci, n) is input[n, ci, y, x],
// conv_w(kx, ky, ci, c) is conv_w[c, ci, ky, kx], fc_w(i, k) is fc_w[k, i], logits(k, n) is
// logits[n, k].
#pragma once
#include <ekb/kernel.h>

#include <cstdint>

namespace task {

// The quantization constants: reference.py's get_init_inputs().
constexpr int32_t zp_in = 3;          // input zero point (also the padding value)
constexpr int32_t zp_act = -20;       // conv output (and pool) zero point = the ReLU floor
constexpr int32_t M1 = 1503238554;    // conv Q31 multiplier, ~0.7 * 2^31
constexpr int32_t s1 = 9;             // conv right shift
constexpr int32_t zp_out = -4;        // logits zero point
constexpr int32_t M2 = 1181116006;    // fc Q31 multiplier, ~0.55 * 2^31
constexpr int32_t s2 = 11;            // fc right shift

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
    Halide::ImageParam input{Halide::Int(8), 4, "input"};    // [1, C_in, H, W]
    Halide::ImageParam conv_w{Halide::Int(8), 4, "conv_w"};  // [C, C_in, 3, 3]
    Halide::ImageParam conv_b{Halide::Int(32), 1, "conv_b"}; // [C]
    Halide::ImageParam fc_w{Halide::Int(8), 2, "fc_w"};      // [N, C*(H/2)*(W/2)]
    Halide::ImageParam fc_b{Halide::Int(32), 1, "fc_b"};     // [N]
    // x, y: spatial position; c: conv output channel; n: batch (1); k: class (N).
    Halide::Var x{"x"}, y{"y"}, c{"c"}, n{"n"}, k{"k"};
    Halide::RDom rc;  // the conv taps: rc.x kx, rc.y ky, rc.z input channel
    Halide::RDom rf;  // the fc inputs: rf.x pool column, rf.y pool row, rf.z channel
    Halide::Func padded{"padded"};      // input with zp_in outside [0, W) x [0, H) (padding 1), int8
    Halide::Func conv_acc{"conv_acc"};  // conv bias + taps, int32
    Halide::Func act{"act"};            // requantized with the fused ReLU, int8
    Halide::Func pool{"pool"};          // 2x2 max pool, int8
    Halide::Func fc_acc{"fc_acc"};      // fc bias + dot product, int32
    Halide::Func logits{"logits"};      // requantized to int8: the output

    Algorithm() {
        using namespace Halide;
        Expr W = input.dim(0).extent(), H = input.dim(1).extent();
        Expr Wp = W / 2, Hp = H / 2;
        padded(x, y, c, n) =
            BoundaryConditions::constant_exterior(input, cast<int8_t>(zp_in), {{0, W}, {0, H}})(x, y, c, n);
        rc = RDom(0, 3, 0, 3, 0, input.dim(2).extent(), "rc");
        conv_acc(x, y, c, n) = conv_b(c);
        conv_acc(x, y, c, n) += (cast<int32_t>(padded(x + rc.x - 1, y + rc.y - 1, rc.z, n)) - zp_in) *
                                cast<int32_t>(conv_w(rc.x, rc.y, rc.z, c));
        act(x, y, c, n) =
            cast<int8_t>(clamp(zp_act + rdivpot(srdhm(conv_acc(x, y, c, n), M1), s1), zp_act, 127));
        pool(x, y, c, n) = max(max(act(2 * x, 2 * y, c, n), act(2 * x + 1, 2 * y, c, n)),
                               max(act(2 * x, 2 * y + 1, c, n), act(2 * x + 1, 2 * y + 1, c, n)));
        rf = RDom(0, Wp, 0, Hp, 0, conv_w.dim(3).extent(), "rf");
        fc_acc(k, n) = fc_b(k);
        fc_acc(k, n) += (cast<int32_t>(pool(rf.x, rf.y, rf.z, n)) - zp_act) *
                        cast<int32_t>(fc_w(rf.x + Wp * (rf.y + Hp * rf.z), k));
        logits(k, n) = cast<int8_t>(clamp(zp_out + rdivpot(srdhm(fc_acc(k, n), M2), s2), -128, 127));
    }

    ekb::Kernel kernel() { return {{input, conv_w, conv_b, fc_w, fc_b}, {logits}}; }
};

}  // namespace task
