// Halide reference algorithm for task `whisper_logmel_frontend`: Whisper's
// log_mel_spectrogram(audio, padding=16000):
//   p = audio followed by 16000 zeros (L = S + 16000), q = p reflect-padded by 200 (center)
//   frame(n, t) = q[160 t + n] window[n]                   t in [0, T), T = L / 160
//   re, im = the DFT_400 of the frame at bins k in [0, 201); P = re^2 + im^2
//   mel(t, m) = sum_k filters[m, k] P(k, t)
//   logm = log10(max(mel, 1e-10)); gmax = max over all (t, m) of logm
//   y = (max(logm, gmax - 8) + 4) / 4
// The twiddle angle is 2 pi ((k n) mod 400) / 400: the 400 distinct cos and sin values are
// tabulated once. Halide dimension 0 is the last PyTorch dimension: audio(s, 0) is
// audio[0, s], filters(k, m) is filters[m, k], y(t, m, 0) is y[0, m, t].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    static constexpr int n_fft = 400, hop = 160, padding = 16000;  // = get_init_inputs()
    static constexpr int bins = n_fft / 2 + 1;

    Halide::ImageParam audio{Halide::Float(32), 2, "audio"};      // [1, S]
    Halide::ImageParam window{Halide::Float(32), 1, "window"};    // [400]
    Halide::ImageParam filters{Halide::Float(32), 2, "filters"};  // [M, 201]
    // n: a sample of a frame, k: a frequency bin, t: a frame, m: a mel bin, j: a twiddle
    // index or a sample position, b: the batch (1).
    Halide::Var n{"n"}, k{"k"}, t{"t"}, m{"m"}, j{"j"}, b{"b"};
    Halide::RDom rn;  // the 400 samples of a frame
    Halide::RDom rk;  // the 201 bins
    Halide::RDom ra;  // all (t, m): the global max
    Halide::Func centered{"centered"};                    // q: the padded, reflect-padded signal
    Halide::Func frame{"frame"};                          // the windowed frames
    Halide::Func cos_tab{"cos_tab"}, sin_tab{"sin_tab"};  // cos, sin of 2 pi j / 400
    Halide::Func re{"re"}, im{"im"};                      // the DFT sums
    Halide::Func power{"power"};                          // re^2 + im^2
    Halide::Func mel{"mel"};                              // the filter bank: reduction over rk
    Halide::Func logm{"logm"};                            // log10(max(mel, 1e-10))
    Halide::Func gmax{"gmax"};                            // the max of logm over everything
    Halide::Func y{"y"};                                  // the output

    Algorithm() {
        using namespace Halide;
        Expr S = audio.dim(0).extent();
        Expr L = S + padding;
        Expr T = L / hop;
        Expr M = filters.dim(1).extent();
        rn = RDom(0, n_fft, "rn");
        rk = RDom(0, bins, "rk");
        ra = RDom(0, T, 0, M, "ra");
        // q[j] = p[reflect(j - 200)], p[i] = audio[i] for i < S, else 0.
        Expr i = j - n_fft / 2;
        i = select(i < 0, -i, i >= L, 2 * (L - 1) - i, i);
        centered(j) = select(i < S, audio(clamp(i, 0, S - 1), 0), 0.0f);
        frame(n, t) = centered(hop * t + n) * window(n);
        Expr w = float(2.0 * 3.14159265358979323846 / n_fft);
        cos_tab(j) = cos(cast<float>(j) * w);
        sin_tab(j) = sin(cast<float>(j) * w);
        re(k, t) = 0.0f;
        re(k, t) += frame(rn, t) * cos_tab((k * rn) % n_fft);
        im(k, t) = 0.0f;
        im(k, t) -= frame(rn, t) * sin_tab((k * rn) % n_fft);
        power(k, t) = re(k, t) * re(k, t) + im(k, t) * im(k, t);
        mel(t, m) = 0.0f;
        mel(t, m) += filters(rk, m) * power(rk, t);
        logm(t, m) = log(max(mel(t, m), 1e-10f)) * float(0.43429448190325182765);
        gmax(b) = logm(0, 0);
        gmax(b) = max(gmax(b), logm(ra.x, ra.y));
        y(t, m, b) = (max(logm(t, m), gmax(b) - 8.0f) + 4.0f) * 0.25f;
    }

    ekb::Kernel kernel() { return {{audio, window, filters}, {y}}; }
};

}  // namespace task
