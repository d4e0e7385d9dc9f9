// Halide reference algorithm for task `nco_iq_mix`: the NCO and complex mixer of a digital
// down-converter, per channel c with a 24-bit frequency control word fcw[c]:
//   phase[c, n] = (n * fcw[c]) mod 2^24             (uint32 product, wrapping; 2^24 divides 2^32)
//   theta = phase * (2 pi / 2^24)                   (exact int -> float32, one float32 multiply)
//   y[c, n] = x[c, n] * exp(-i theta) = (x cos(theta), -x sin(theta))
// sin(theta) is written as cos(theta - pi/2): LLVM would fuse a sin and a cos of one angle into
// sincosf, which the object check does not allow.
// Halide dimension 0 is the last PyTorch dimension: x(n, c) is x[c, n]; y(k, n, c) is
// y[c, n, k] (k = 0 real, 1 imaginary).
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    static constexpr int phase_bits = 24;  // = get_init_inputs() in reference.py
    static constexpr float half_pi = float(3.14159265358979323846 / 2);
    static constexpr float rad_per_lsb = float(2.0 * 3.14159265358979323846 / (1 << phase_bits));

    Halide::ImageParam x{Halide::Float(32), 2, "x"};    // [C, L]
    Halide::ImageParam fcw{Halide::Int(32), 1, "fcw"};  // [C]
    Halide::Var k{"k"}, n{"n"}, c{"c"};  // k: re/im, n: sample (L), c: channel (C)
    Halide::Func theta{"theta"};         // the NCO angle in [0, 2 pi)
    Halide::Func lo_re{"lo_re"}, lo_im{"lo_im"};  // the local oscillator cos, sin
    Halide::Func y{"y"};                          // the output

    // The NCO angle of phase word (m * w) mod 2^24, for int32 m >= 0 and w in [0, 2^24).
    static Halide::Expr nco_angle(Halide::Expr m, Halide::Expr w) {
        using namespace Halide;
        Expr p = (cast<uint32_t>(m) * cast<uint32_t>(w)) & cast<uint32_t>((1 << phase_bits) - 1);
        return cast<float>(cast<int32_t>(p)) * rad_per_lsb;
    }

    Algorithm() {
        using namespace Halide;
        theta(n, c) = nco_angle(n, fcw(c));
        lo_re(n, c) = cos(theta(n, c));
        lo_im(n, c) = cos(theta(n, c) - half_pi);
        y(k, n, c) = select(k == 0, x(n, c) * lo_re(n, c), -x(n, c) * lo_im(n, c));
    }

    ekb::Kernel kernel() { return {{x, fcw}, {y}}; }
};

}  // namespace task
