// Halide reference algorithm for task `mfcc_frontend`: MFCCs of a power spectrogram,
//   logmel[t, m] = log(sum_f power[t, f] mel_fb[f, m] + eps)
//   mfcc[t, k] = sum_m logmel[t, m] dct[k, m],  k < 10,
// with the orthonormal DCT-II matrix dct[k, m] = s_k cos(pi k (m + 0.5) / M).
// Halide dimension 0 is the last PyTorch dimension: power(f, t) is power[t, f],
// mel_fb(m, f) is mel_fb[f, m], mfcc(k, t) is mfcc[t, k].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    static constexpr int n_mfcc = 10;    // = get_init_inputs() in reference.py
    static constexpr float eps = 1e-6f;

    Halide::ImageParam power{Halide::Float(32), 2, "power"};    // [T, F]
    Halide::ImageParam mel_fb{Halide::Float(32), 2, "mel_fb"};  // [F, M]
    Halide::Var m{"m"}, k{"k"}, t{"t"};  // m mel bin (M), k cepstral coefficient (10), t frame (T)
    Halide::RDom f;                      // over the frequency bins (F)
    Halide::RDom rm;                     // over the mel bins (M)
    Halide::Func mel{"mel"};          // the mel energies: a reduction over f
    Halide::Func logmel{"logmel"};    // log(mel + eps)
    Halide::Func dct{"dct"};          // the DCT-II matrix dct(m, k)
    Halide::Func dct_sum{"dct_sum"};  // the DCT of each frame: a reduction over rm
    Halide::Func mfcc{"mfcc"};        // the output

    Algorithm() {
        using namespace Halide;
        Expr M = mel_fb.dim(0).extent();
        f = RDom(0, power.dim(0).extent(), "f");
        rm = RDom(0, M, "rm");
        mel(m, t) = 0.0f;
        mel(m, t) += power(f, t) * mel_fb(m, f);
        logmel(m, t) = log(mel(m, t) + eps);
        Expr scale = select(k == 0, sqrt(1.0f / cast<float>(M)), sqrt(2.0f / cast<float>(M)));
        dct(m, k) = scale * cos(float(3.14159265358979323846) / cast<float>(M) *
                                (cast<float>(m) + 0.5f) * cast<float>(k));
        dct_sum(k, t) = 0.0f;
        dct_sum(k, t) += logmel(rm, t) * dct(rm, k);
        mfcc(k, t) = dct_sum(k, t);
    }

    ekb::Kernel kernel() { return {{power, mel_fb}, {mfcc}}; }
};

}  // namespace task
