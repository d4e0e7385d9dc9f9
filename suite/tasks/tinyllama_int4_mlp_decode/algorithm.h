// Halide reference algorithm for task `tinyllama_int4_mlp_decode`: the post-attention half of
// a LLaMA decoder layer at decode with 4-bit group-quantized weights (group 32, zero point 8,
// weight 2j in the low nibble of byte j, 2j + 1 in the high nibble):
//   h = x * rsqrt(mean(x^2) + eps) * norm_w
//   g = Wg h, u = Wu h;  act = silu(g) * u;  y = x + Wd act
// Each GEMV runs over the bytes j of a row: (in[2j] (lo - 8) + in[2j+1] (hi - 8)) * scale[j/16],
// which is sum_k W[n, k] in[k] term for term. Halide dimension 0 is the last PyTorch
// dimension: gate_packed(j, n) is gate_packed[n, j].
#pragma once
#include <ekb/kernel.h>

#include <cstdint>

namespace task {

struct Algorithm {
    static constexpr int group = 32;  // = get_init_inputs() in reference.py
    static constexpr int zero = 8;    // the 4-bit zero point
    static constexpr float eps = 1e-5f;

    Halide::ImageParam x{Halide::Float(32), 1, "x"};                      // [D]
    Halide::ImageParam norm_w{Halide::Float(32), 1, "norm_w"};            // [D]
    Halide::ImageParam gate_packed{Halide::UInt(8), 2, "gate_packed"};    // [F, D/2]
    Halide::ImageParam gate_scales{Halide::Float(32), 2, "gate_scales"};  // [F, D/32]
    Halide::ImageParam up_packed{Halide::UInt(8), 2, "up_packed"};        // [F, D/2]
    Halide::ImageParam up_scales{Halide::Float(32), 2, "up_scales"};      // [F, D/32]
    Halide::ImageParam down_packed{Halide::UInt(8), 2, "down_packed"};    // [D, F/2]
    Halide::ImageParam down_scales{Halide::Float(32), 2, "down_scales"};  // [D, F/32]

    Halide::Var n{"n"};       // an output row of a GEMV (or a feature)
    Halide::RDom rk;          // over the D features: the sum of squares
    Halide::RDom rjd;         // over the D/2 bytes of a gate/up row
    Halide::RDom rjf;         // over the F/2 bytes of a down row
    Halide::Func ss{"ss"};          // sum x^2
    Halide::Func h{"h"};            // the normed input
    Halide::Func g_dot{"g_dot"};    // Wg h
    Halide::Func u_dot{"u_dot"};    // Wu h
    Halide::Func act{"act"};        // silu(g_dot) * u_dot
    Halide::Func d_dot{"d_dot"};    // Wd act
    Halide::Func y{"y"};            // x + d_dot: the output

    // One byte j of row `row` of a packed matrix against the input pair in(2j), in(2j+1).
    static Halide::Expr byte_term(Halide::ImageParam packed, Halide::ImageParam scales, Halide::Func in, Halide::Expr j,
                             Halide::Expr row) {
        using namespace Halide;
        Expr byte = cast<int32_t>(packed(j, row));
        Expr lo = cast<float>((byte & 15) - zero), hi = cast<float>((byte >> 4) - zero);
        return (in(2 * j) * lo + in(2 * j + 1) * hi) * scales(j / (group / 2), row);
    }

    Algorithm() {
        using namespace Halide;
        Expr D = x.dim(0).extent(), Fd = gate_packed.dim(1).extent();
        rk = RDom(0, D, "rk");
        rjd = RDom(0, D / 2, "rjd");
        rjf = RDom(0, Fd / 2, "rjf");
        ss() = 0.0f;
        ss() += x(rk) * x(rk);
        h(n) = x(n) * (1.0f / sqrt(ss() / cast<float>(D) + eps)) * norm_w(n);
        g_dot(n) = 0.0f;
        g_dot(n) += byte_term(gate_packed, gate_scales, h, rjd, n);
        u_dot(n) = 0.0f;
        u_dot(n) += byte_term(up_packed, up_scales, h, rjd, n);
        act(n) = g_dot(n) / (1.0f + exp(-g_dot(n))) * u_dot(n);
        d_dot(n) = 0.0f;
        d_dot(n) += byte_term(down_packed, down_scales, act, rjf, n);
        y(n) = x(n) + d_dot(n);
    }

    ekb::Kernel kernel() {
        return {{x, norm_w, gate_packed, gate_scales, up_packed, up_scales, down_packed, down_scales}, {y}};
    }
};

}  // namespace task
