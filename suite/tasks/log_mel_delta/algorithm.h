// Halide reference algorithm for task `log_mel_delta`: log-mel features and their delta
// (first-order time derivative) features, the static + delta front end of keyword spotting:
//   logmel[t, m] = log(sum_f power[t, f] * mel_fb[f, m] + eps)
//   delta[t, m]  = (1 * (c[t+1] - c[t-1]) + 2 * (c[t+2] - c[t-2])) / 10,  c = logmel[clamp(t)]
// the regression over +-2 frames of torchaudio.functional.compute_deltas (win_length 5), the
// frame index clamped to [0, T-1] at the edges (replicate padding).
// Halide dimension 0 is the last PyTorch dimension: power(f, t) is power[t, f],
// mel_fb(m, f) is mel_fb[f, m], logmel(m, t) is logmel[t, m], delta(m, t) is delta[t, m].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    static constexpr float eps = 1e-6f;  // = get_init_inputs() in reference.py
    static constexpr int N = 2;          // the delta window: t-N .. t+N (win_length 2N+1 = 5)

    Halide::ImageParam power{Halide::Float(32), 2, "power"};    // [T, F]
    Halide::ImageParam mel_fb{Halide::Float(32), 2, "mel_fb"};  // [F, M]
    Halide::Var m{"m"}, t{"t"};  // [t, m]: m mel bin (M), t frame (T)
    Halide::RDom f;              // over the frequency bins (F)
    Halide::Func mel{"mel"};          // the mel energies: a reduction over f
    Halide::Func logmel{"logmel"};    // log(mel + eps): the first output
    Halide::Func clamped{"clamped"};  // logmel with the frame index clamped to [0, T-1]
    Halide::Func delta{"delta"};      // the delta regression over clamped: the second output

    Algorithm() {
        using namespace Halide;
        Expr T = power.dim(1).extent();
        f = RDom(0, power.dim(0).extent(), "f");
        mel(m, t) = 0.0f;
        mel(m, t) += power(f, t) * mel_fb(m, f);
        logmel(m, t) = log(mel(m, t) + eps);
        clamped(m, t) = logmel(m, clamp(t, 0, T - 1));
        const float inv_denom = 1.0f / 10.0f;  // 1 / (2 * (1^2 + 2^2))
        delta(m, t) = ((clamped(m, t + 1) - clamped(m, t - 1)) + 2.0f * (clamped(m, t + 2) - clamped(m, t - 2))) * inv_denom;
    }

    ekb::Kernel kernel() { return {{power, mel_fb}, {logmel, delta}}; }
};

}  // namespace task
