// Halide reference algorithm for task `fc_autoencoder_int8`: the MLPerf Tiny anomaly-detection
// autoencoder as TFLite's integer FullyConnected kernel runs it, per-channel weight
// quantization (docs/task-format.md, int8 tasks), 10 dense layers:
//   layer 0: D -> HD (w_in)        layers 1-3: HD -> HD (w_enc[0..2])   layer 4: HD -> Z (w_z)
//   layer 5: Z -> HD (w_dec_in)    layers 6-8: HD -> HD (w_dec[0..2])   layer 9: HD -> D (w_out)
// lin[k](o, b) = bias_k(o) + sum_i (a[k-1](i, b) - zp_in_k) * W_k(i, o)                (int32)
// act[k](o, b) = clamp(zp_out_k + RDivPOT(SRDHM(lin[k](o, b), M_k(o)), s_k(o)), -128, 127) (int8)
// zp_in_0 = zp_x, every hidden activation has zp_h = -128 (the fused ReLU's 0: its clamp is
// the int8 minimum), the output layer is linear with zero point zp_y; y = act[9].
// Halide dimension 0 is the last PyTorch dimension: x(i, b) is x[b, i], w_in(i, o) is
// w_in[o, i], w_enc(i, o, l) is w_enc[l, o, i], m_enc(o, l) is m_enc[l, o].
#pragma once
#include <ekb/kernel.h>

#include <cstdint>
#include <string>

namespace task {

constexpr int32_t zp_x = 12;    // input zero point: reference.py's get_init_inputs()
constexpr int32_t zp_h = -128;  // zero point of every hidden (ReLU) activation
constexpr int32_t zp_y = 9;     // output zero point

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

struct Algorithm {
    static constexpr int layers = 10;

    Halide::ImageParam x{Halide::Int(8), 2, "x"};  // [B, D]
    Halide::ImageParam w_in{Halide::Int(8), 2, "w_in"}, b_in{Halide::Int(32), 1, "b_in"};
    Halide::ImageParam m_in{Halide::Int(32), 1, "m_in"}, s_in{Halide::Int(32), 1, "s_in"};
    Halide::ImageParam w_enc{Halide::Int(8), 3, "w_enc"}, b_enc{Halide::Int(32), 2, "b_enc"};
    Halide::ImageParam m_enc{Halide::Int(32), 2, "m_enc"}, s_enc{Halide::Int(32), 2, "s_enc"};
    Halide::ImageParam w_z{Halide::Int(8), 2, "w_z"}, b_z{Halide::Int(32), 1, "b_z"};
    Halide::ImageParam m_z{Halide::Int(32), 1, "m_z"}, s_z{Halide::Int(32), 1, "s_z"};
    Halide::ImageParam w_dec_in{Halide::Int(8), 2, "w_dec_in"}, b_dec_in{Halide::Int(32), 1, "b_dec_in"};
    Halide::ImageParam m_dec_in{Halide::Int(32), 1, "m_dec_in"}, s_dec_in{Halide::Int(32), 1, "s_dec_in"};
    Halide::ImageParam w_dec{Halide::Int(8), 3, "w_dec"}, b_dec{Halide::Int(32), 2, "b_dec"};
    Halide::ImageParam m_dec{Halide::Int(32), 2, "m_dec"}, s_dec{Halide::Int(32), 2, "s_dec"};
    Halide::ImageParam w_out{Halide::Int(8), 2, "w_out"}, b_out{Halide::Int(32), 1, "b_out"};
    Halide::ImageParam m_out{Halide::Int(32), 1, "m_out"}, s_out{Halide::Int(32), 1, "s_out"};
    Halide::Var o{"o"}, b{"b"};  // o: an output feature of a layer, b: the frame in the batch
    Halide::RDom ri[layers];     // the input features of each layer
    Halide::Func lin[layers];    // "lin0".."lin9": bias + sum (a - zp) W, int32: a reduction over ri[k]
    Halide::Func act[layers];    // "act0".."act9": lin[k] requantized to int8
    Halide::Func y{"y"};         // the output: act[9]

    // Layer k's weight, bias, multiplier and shift; the stacked layers index their slice.
    Halide::Expr W(int k, Halide::Expr i, Halide::Expr out) {
        if (k == 0) return w_in(i, out);
        if (k <= 3) return w_enc(i, out, k - 1);
        if (k == 4) return w_z(i, out);
        if (k == 5) return w_dec_in(i, out);
        if (k <= 8) return w_dec(i, out, k - 6);
        return w_out(i, out);
    }
    Halide::Expr per_channel(int k, Halide::Expr out, Halide::ImageParam p0, Halide::ImageParam p_enc,
                             Halide::ImageParam pz, Halide::ImageParam p_dec_in, Halide::ImageParam p_dec,
                             Halide::ImageParam p_out) {
        if (k == 0) return p0(out);
        if (k <= 3) return p_enc(out, k - 1);
        if (k == 4) return pz(out);
        if (k == 5) return p_dec_in(out);
        if (k <= 8) return p_dec(out, k - 6);
        return p_out(out);
    }
    Halide::Expr bias(int k, Halide::Expr out) { return per_channel(k, out, b_in, b_enc, b_z, b_dec_in, b_dec, b_out); }
    Halide::Expr mult(int k, Halide::Expr out) { return per_channel(k, out, m_in, m_enc, m_z, m_dec_in, m_dec, m_out); }
    Halide::Expr shift(int k, Halide::Expr out) { return per_channel(k, out, s_in, s_enc, s_z, s_dec_in, s_dec, s_out); }

    Algorithm() {
        using namespace Halide;
        Expr D = x.dim(0).extent(), HD = w_in.dim(1).extent(), Z = w_z.dim(1).extent();
        for (int k = 0; k < layers; k++) {
            lin[k] = Func("lin" + std::to_string(k));
            act[k] = Func("act" + std::to_string(k));
            Expr fan_in = k == 0 ? D : (k == 5 ? Z : HD);
            ri[k] = RDom(0, fan_in, "ri" + std::to_string(k));
            Expr in = k == 0 ? cast<int32_t>(x(ri[k], b)) - zp_x : cast<int32_t>(act[k - 1](ri[k], b)) - zp_h;
            lin[k](o, b) = bias(k, o);
            lin[k](o, b) += in * cast<int32_t>(W(k, ri[k], o));
            const int32_t zp_out = k < layers - 1 ? zp_h : zp_y;
            act[k](o, b) = cast<int8_t>(clamp(zp_out + rdivpot(srdhm(lin[k](o, b), mult(k, o)), shift(k, o)), -128, 127));
        }
        y(o, b) = act[layers - 1](o, b);
    }

    ekb::Kernel kernel() {
        return {{x, w_in, b_in, m_in, s_in, w_enc, b_enc, m_enc, s_enc, w_z, b_z, m_z, s_z, w_dec_in, b_dec_in,
                 m_dec_in, s_dec_in, w_dec, b_dec, m_dec, s_dec, w_out, b_out, m_out, s_out},
                {y}};
    }
};

}  // namespace task
