// Halide reference algorithm for task `stft_power`: the power spectrogram of a waveform,
// P[t, k] = re^2 + im^2 with re = sum_n frame[t, n] cos(2 pi k n / N) and
// im = -sum_n frame[t, n] sin(2 pi k n / N), frame[t, n] = x[t * hop + n] * window[n], hop 160.
// The twiddle angle is 2 pi ((k n) mod N) / N, so it stays in [0, 2 pi) and float32 keeps it
// accurate; the N distinct cos and sin values are tabulated once and looked up per (n, k).
// Halide dimension 0 is the last PyTorch dimension: P(k, t) is P[t, k].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    static constexpr int hop = 160;  // = get_init_inputs() in reference.py

    Halide::ImageParam x{Halide::Float(32), 1, "x"};            // [L], L = (T - 1) * hop + N
    Halide::ImageParam window{Halide::Float(32), 1, "window"};  // [N]
    Halide::Var n{"n"}, k{"k"}, t{"t"};  // n: sample (N), k: frequency bin (N/2+1), t: frame (T)
    Halide::Var m{"m"};                  // a twiddle index (k n) mod N
    Halide::RDom r;                      // over the samples of a frame
    Halide::Func frame{"frame"};                          // the windowed frames: x(t hop + n) window(n)
    Halide::Func cos_tab{"cos_tab"}, sin_tab{"sin_tab"};  // cos, sin of 2 pi m / N for m in [0, N)
    Halide::Func cos_tw{"cos_tw"}, sin_tw{"sin_tw"};      // the twiddles of (n, k)
    Halide::Func re{"re"}, im{"im"};                      // the real and imaginary DFT sums
    Halide::Func P{"P"};                                  // the output: re^2 + im^2

    Algorithm() {
        using namespace Halide;
        Expr N = window.dim(0).extent();
        Expr w = float(2.0 * 3.14159265358979323846) / cast<float>(N);
        r = RDom(0, N, "r");
        frame(n, t) = x(t * hop + n) * window(n);
        cos_tab(m) = cos(cast<float>(m) * w);
        sin_tab(m) = sin(cast<float>(m) * w);
        cos_tw(n, k) = cos_tab((k * n) % N);
        sin_tw(n, k) = sin_tab((k * n) % N);
        re(k, t) = 0.0f;
        re(k, t) += frame(r, t) * cos_tw(r, k);
        im(k, t) = 0.0f;
        im(k, t) -= frame(r, t) * sin_tw(r, k);
        P(k, t) = re(k, t) * re(k, t) + im(k, t) * im(k, t);
    }

    ekb::Kernel kernel() { return {{x, window}, {P}}; }
};

}  // namespace task
