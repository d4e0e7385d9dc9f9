// Halide reference algorithm for task `mel_log`: log-mel features,
// logmel[t, m] = log(sum_f power[t, f] * mel_fb[f, m] + eps).
// Halide dimension 0 is the last PyTorch dimension: power(f, t) is power[t, f],
// mel_fb(m, f) is mel_fb[f, m], logmel(m, t) is logmel[t, m].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    static constexpr float eps = 1e-6f;  // = get_init_inputs() in reference.py

    Halide::ImageParam power{Halide::Float(32), 2, "power"};    // [T, F]
    Halide::ImageParam mel_fb{Halide::Float(32), 2, "mel_fb"};  // [F, M]
    Halide::Var m{"m"}, t{"t"};  // logmel[t, m]: m mel bin (M), t frame (T)
    Halide::RDom f;              // over the frequency bins (F)
    Halide::Func mel{"mel"};        // the mel energies: a reduction over f
    Halide::Func logmel{"logmel"};  // the output: log(mel + eps)

    Algorithm() {
        f = Halide::RDom(0, power.dim(0).extent(), "f");
        mel(m, t) = 0.0f;
        mel(m, t) += power(f, t) * mel_fb(m, f);
        logmel(m, t) = Halide::log(mel(m, t) + eps);
    }

    ekb::Kernel kernel() { return {{power, mel_fb}, {logmel}}; }
};

}  // namespace task
