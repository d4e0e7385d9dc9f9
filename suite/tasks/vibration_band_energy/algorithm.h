// Halide reference algorithm for task `vibration_band_energy`: band energies from a bank of
// band-pass biquads, one per center frequency f0[b] (cycles per sample), over every channel:
//   w0 = 2 pi f0, alpha = sin(w0) / (2 Q), a0 = 1 + alpha         (RBJ constant-peak band-pass)
//   b0 = alpha / a0, b2 = -alpha / a0, a1 = -2 cos(w0) / a0, a2 = (1 - alpha) / a0
//   y[n] = b0 x[n] + b2 x[n-2] - a1 y[n-1] - a2 y[n-2]     (zero before n = 0; b1 = 0)
//   E[c, b] = (sum over n of y[n]^2) / L
// sin(w0) is written as cos(w0 - pi/2): LLVM would fuse a sin and a cos of one angle into
// sincosf, which the object check does not allow.
// Halide dimension 0 is the last PyTorch dimension: x(n, c) is x[c, n]; E(b, c) is E[c, b].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    static constexpr double pi = 3.14159265358979323846;
    static constexpr float q = 1.41421356237309505f;  // = get_init_inputs() in reference.py

    Halide::ImageParam x{Halide::Float(32), 2, "x"};    // [C, L]
    Halide::ImageParam f0{Halide::Float(32), 1, "f0"};  // [B]
    Halide::Var n{"n"}, b{"b"}, c{"c"};  // n: sample (L), b: band (B), c: channel (C)
    Halide::RDom r;                      // over the samples, in order
    Halide::Func coef{"coef"};           // (b0, b2, a1, a2) of band b
    Halide::Func xz{"xz"};               // x, zero before n = 0
    Halide::Func rec{"rec"};             // the band-pass output y, a recurrence over r
    Halide::Func energy{"energy"};       // the sum of squares over r
    Halide::Func E{"E"};                 // the output

    // The band-pass coefficients (b0, b2, a1, a2) of center frequency fc (cycles per sample).
    static Halide::Tuple coefficients(Halide::Expr fc) {
        using namespace Halide;
        Expr w0 = fc * float(2.0 * pi);
        Expr alpha = cos(w0 - float(pi / 2)) / (2.0f * q);
        Expr a0 = 1.0f + alpha;
        return {alpha / a0, -alpha / a0, -2.0f * cos(w0) / a0, (1.0f - alpha) / a0};
    }

    Algorithm() {
        using namespace Halide;
        Expr L = x.dim(0).extent();
        r = RDom(0, L, "r");
        coef(b) = coefficients(f0(b));
        xz(n, c) = select(n >= 0, x(max(n, 0), c), 0.0f);
        // The pure definition also covers n = -2 and -1 (read by the first two steps), where
        // the feed-forward part is zero: the zero initial state.
        rec(n, b, c) = coef(b)[0] * xz(n, c) + coef(b)[1] * xz(n - 2, c);
        rec(r, b, c) = rec(r, b, c) - coef(b)[2] * rec(r - 1, b, c) - coef(b)[3] * rec(r - 2, b, c);
        energy(b, c) = 0.0f;
        energy(b, c) += rec(r, b, c) * rec(r, b, c);
        E(b, c) = energy(b, c) / cast<float>(L);
    }

    ekb::Kernel kernel() { return {{x, f0}, {E}}; }
};

}  // namespace task
