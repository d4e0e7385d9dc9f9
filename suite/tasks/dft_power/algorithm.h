// Halide reference algorithm for task `dft_power`: the power spectrum of real frames by a
// direct DFT, P[f, k] = re^2 + im^2 with re = sum_n x[f, n] cos(2 pi k n / N) and
// im = -sum_n x[f, n] sin(2 pi k n / N), for k = 0 .. N/2.
// The twiddle angle is 2 pi ((k n) mod N) / N, so it stays in [0, 2 pi) and float32 keeps it
// accurate; the N distinct cos and sin values are tabulated once and looked up per (n, k).
// Halide dimension 0 is the last PyTorch dimension: x(n, f) is x[f, n], P(k, f) is P[f, k].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    Halide::ImageParam x{Halide::Float(32), 2, "x"};  // [F, N]
    Halide::Var n{"n"}, k{"k"}, f{"f"};  // n: sample (N), k: frequency bin (N/2+1), f: frame (F)
    Halide::Var m{"m"};                  // a twiddle index (k n) mod N
    Halide::RDom r;                      // over the samples of a frame
    Halide::Func cos_tab{"cos_tab"}, sin_tab{"sin_tab"};  // cos, sin of 2 pi m / N for m in [0, N)
    Halide::Func cos_tw{"cos_tw"}, sin_tw{"sin_tw"};      // the twiddles of (n, k)
    Halide::Func re{"re"}, im{"im"};                      // the real and imaginary DFT sums
    Halide::Func P{"P"};                                  // the output: re^2 + im^2

    Algorithm() {
        using namespace Halide;
        Expr N = x.dim(0).extent();
        Expr w = float(2.0 * 3.14159265358979323846) / cast<float>(N);
        r = RDom(0, N, "r");
        cos_tab(m) = cos(cast<float>(m) * w);
        sin_tab(m) = sin(cast<float>(m) * w);
        cos_tw(n, k) = cos_tab((k * n) % N);
        sin_tw(n, k) = sin_tab((k * n) % N);
        re(k, f) = 0.0f;
        re(k, f) += x(r, f) * cos_tw(r, k);
        im(k, f) = 0.0f;
        im(k, f) -= x(r, f) * sin_tw(r, k);
        P(k, f) = re(k, f) * re(k, f) + im(k, f) * im(k, f);
    }

    ekb::Kernel kernel() { return {{x}, {P}}; }
};

}  // namespace task
