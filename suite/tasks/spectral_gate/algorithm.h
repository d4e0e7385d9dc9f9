// Halide reference algorithm for task `spectral_gate`: power spectral subtraction with
// over-subtraction and a spectral floor, applied as a gain to a complex spectrum:
//   P = re^2 + im^2,  clean = max(P - alpha noise, beta P),  gain = sqrt(clean / (P + eps)),
//   out_re = re gain,  out_im = im gain.
// Halide dimension 0 is the last PyTorch dimension: re(f, t) is re[t, f].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    // = get_init_inputs() in reference.py
    static constexpr float alpha = 2.0f;  // over-subtraction factor
    static constexpr float beta = 0.1f;   // spectral floor (a fraction of P)
    static constexpr float eps = 1e-10f;  // keeps the division defined at P = 0

    Halide::ImageParam re{Halide::Float(32), 2, "re"};        // [T, F]
    Halide::ImageParam im{Halide::Float(32), 2, "im"};        // [T, F]
    Halide::ImageParam noise{Halide::Float(32), 1, "noise"};  // [F]
    Halide::Var f{"f"}, t{"t"};  // re[t, f]: f frequency bin (F), t frame (T)
    Halide::Func power{"power"};    // re^2 + im^2
    Halide::Func clean{"clean"};    // the noise-subtracted power, floored at beta P
    Halide::Func gain{"gain"};      // sqrt(clean / (P + eps))
    Halide::Func out_re{"out_re"};  // the outputs: the gated spectrum
    Halide::Func out_im{"out_im"};

    Algorithm() {
        power(f, t) = re(f, t) * re(f, t) + im(f, t) * im(f, t);
        clean(f, t) = Halide::max(power(f, t) - alpha * noise(f), beta * power(f, t));
        gain(f, t) = Halide::sqrt(clean(f, t) / (power(f, t) + eps));
        out_re(f, t) = re(f, t) * gain(f, t);
        out_im(f, t) = im(f, t) * gain(f, t);
    }

    ekb::Kernel kernel() { return {{re, im, noise}, {out_re, out_im}}; }
};

}  // namespace task
