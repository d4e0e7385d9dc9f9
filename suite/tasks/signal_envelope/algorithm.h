// Halide reference algorithm for task `signal_envelope`: the analytic-signal magnitude of
// every channel, with a Hamming-windowed FIR Hilbert transformer of 2*half + 1 = 31 taps:
//   h[m] = 2 / (pi m) * (0.54 - 0.46 cos(2 pi (m + half) / (2 half)))   m odd, |m| <= half
//   h[m] = 0                                                           m even
//   hil[c, i] = sum_m h[m] * x[c, i + m]   (x = 0 outside [0, L))
//   env[c, i] = sqrt(x[c, i]^2 + hil[c, i]^2)
// Halide dimension 0 is the last PyTorch dimension: x(i, c) is x[c, i].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    static constexpr int half = 15;  // = get_init_inputs() in reference.py: 31 taps
    static constexpr double pi = 3.14159265358979323846;

    Halide::ImageParam x{Halide::Float(32), 2, "x"};  // [C, L]
    Halide::Var i{"i"}, c{"c"}, m{"m"};  // i: sample (L), c: channel (C), m: tap offset
    Halide::RDom r;                      // over the taps
    Halide::Func taps{"taps"};           // h[m], m in [-half, half]
    Halide::Func xz{"xz"};               // x, zero outside [0, L)
    Halide::Func hil{"hil"};             // the Hilbert transform: a reduction over r
    Halide::Func env{"env"};             // the output

    Algorithm() {
        using namespace Halide;
        Expr L = x.dim(0).extent();
        r = RDom(-half, 2 * half + 1, "r");
        Expr w = 0.54f - 0.46f * cos(cast<float>(m + half) * float(2.0 * pi / (2 * half)));
        taps(m) = select(m % 2 != 0, float(2.0 / pi) / cast<float>(m) * w, 0.0f);
        xz(i, c) = select(i >= 0 && i < L, x(clamp(i, 0, L - 1), c), 0.0f);
        hil(i, c) = 0.0f;
        hil(i, c) += taps(r) * xz(i + r, c);
        env(i, c) = sqrt(x(i, c) * x(i, c) + hil(i, c) * hil(i, c));
    }

    ekb::Kernel kernel() { return {{x}, {env}}; }
};

}  // namespace task
