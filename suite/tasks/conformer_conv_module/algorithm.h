// Halide reference algorithm for task `conformer_conv_module`: the Conformer convolution
// module (batch norm folded into the depthwise conv):
//   ln  = LayerNorm(x) over the channels                 (biased variance, eps 1e-5)
//   pw1 = conv1x1(ln, pw1_w) + pw1_b                     D -> 2D channels, as (c, g): c + g*D
//   glu = pw1(g = 0) * sigmoid(pw1(g = 1))               D channels
//   act = SiLU(depthwise_conv1d(glu, dw_w, pad 7) + dw_b)
//   y   = x + conv1x1(act, pw2_w) + pw2_b
// Halide dimension 0 is the last PyTorch dimension: x(c, t, n) is x[n, t, c] (channels
// innermost), pw1_w(0, d, o) is pw1_w[o, d, 0], dw_w(k, 0, c) is dw_w[c, 0, k].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    static constexpr float eps = 1e-5f;  // = get_init_inputs() in reference.py
    static constexpr int taps = 15;      // the depthwise kernel (dw_w's last dimension)

    Halide::ImageParam x{Halide::Float(32), 3, "x"};          // [1, T, D]
    Halide::ImageParam ln_w{Halide::Float(32), 1, "ln_w"};    // [D]
    Halide::ImageParam ln_b{Halide::Float(32), 1, "ln_b"};    // [D]
    Halide::ImageParam pw1_w{Halide::Float(32), 3, "pw1_w"};  // [2D, D, 1]
    Halide::ImageParam pw1_b{Halide::Float(32), 1, "pw1_b"};  // [2D]
    Halide::ImageParam dw_w{Halide::Float(32), 3, "dw_w"};    // [D, 1, 15]
    Halide::ImageParam dw_b{Halide::Float(32), 1, "dw_b"};    // [D]
    Halide::ImageParam pw2_w{Halide::Float(32), 3, "pw2_w"};  // [D, D, 1]
    Halide::ImageParam pw2_b{Halide::Float(32), 1, "pw2_b"};  // [D]
    // c: channel (D), g: GLU half (0 value, 1 gate), t: time step (T), n: batch (1).
    Halide::Var c{"c"}, g{"g"}, t{"t"}, n{"n"};
    Halide::RDom rd;  // the channels reduced by LayerNorm and pw1 (D)
    Halide::RDom rk;  // the depthwise taps (15)
    Halide::RDom re;  // the channels reduced by pw2 (D)
    Halide::Func sum_x{"sum_x"}, mean{"mean"};   // LayerNorm: row sum and mean
    Halide::Func sum_sq{"sum_sq"}, rstd{"rstd"};  // sum of squared deviations, 1/sqrt(var + eps)
    Halide::Func ln{"ln"};                       // the normalized, scaled and shifted x
    Halide::Func pw1{"pw1"};                     // pw1(c, g, t, n): the reduction over rd
    Halide::Func glu{"glu"};                     // (pw1 + b)(g = 0) * sigmoid((pw1 + b)(g = 1))
    Halide::Func glu_padded{"glu_padded"};       // glu, zero outside [0, T)
    Halide::Func dw{"dw"};                       // the depthwise conv: the reduction over rk
    Halide::Func act{"act"};                     // SiLU(dw + dw_b)
    Halide::Func pw2{"pw2"};                     // the reduction over re
    Halide::Func y{"y"};                         // x + pw2 + pw2_b: the output

    Algorithm() {
        using namespace Halide;
        Expr D = x.dim(0).extent(), T = x.dim(1).extent();
        Expr fd = cast<float>(D);
        rd = RDom(0, D, "rd");
        rk = RDom(0, taps, "rk");
        re = RDom(0, D, "re");
        sum_x(t, n) = 0.0f;
        sum_x(t, n) += x(rd, t, n);
        mean(t, n) = sum_x(t, n) / fd;
        sum_sq(t, n) = 0.0f;
        sum_sq(t, n) += (x(rd, t, n) - mean(t, n)) * (x(rd, t, n) - mean(t, n));
        rstd(t, n) = 1.0f / sqrt(sum_sq(t, n) / fd + eps);
        ln(c, t, n) = (x(c, t, n) - mean(t, n)) * rstd(t, n) * ln_w(c) + ln_b(c);

        pw1(c, g, t, n) = 0.0f;
        pw1(c, g, t, n) += pw1_w(0, rd, c + g * D) * ln(rd, t, n);
        Expr a = pw1(c, 0, t, n) + pw1_b(c), b = pw1(c, 1, t, n) + pw1_b(c + D);
        glu(c, t, n) = a * (1.0f / (1.0f + exp(-b)));
        glu_padded(c, t, n) = BoundaryConditions::constant_exterior(glu, 0.0f, {{0, D}, {0, T}})(c, t, n);

        dw(c, t, n) = 0.0f;
        dw(c, t, n) += dw_w(rk, 0, c) * glu_padded(c, t + rk - taps / 2, n);
        Expr v = dw(c, t, n) + dw_b(c);
        act(c, t, n) = v * (1.0f / (1.0f + exp(-v)));

        pw2(c, t, n) = 0.0f;
        pw2(c, t, n) += pw2_w(0, re, c) * act(re, t, n);
        y(c, t, n) = x(c, t, n) + (pw2(c, t, n) + pw2_b(c));
    }

    ekb::Kernel kernel() { return {{x, ln_w, ln_b, pw1_w, pw1_b, dw_w, dw_b, pw2_w, pw2_b}, {y}}; }
};

}  // namespace task
