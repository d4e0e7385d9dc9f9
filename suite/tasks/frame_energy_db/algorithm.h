// Halide reference algorithm for task `frame_energy_db`: the log energy of each frame in dB,
// energy[f] = 10 * log10(mean over n of frames[f, n]^2 + eps), float32.
// Halide dimension 0 is the last PyTorch dimension: frames(n, f) is frames[f, n].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    static constexpr float eps = 1e-10f;  // = get_init_inputs() in reference.py
    // 10 / ln(10), so that 10 log10(v) = db_per_ln * ln(v).
    static constexpr float db_per_ln = 4.3429448190325175f;

    Halide::ImageParam frames{Halide::Float(32), 2, "frames"};  // [F, N]
    Halide::Var n{"n"}, f{"f"};     // frames[f, n]: n sample (N), f frame (F)
    Halide::RDom k;                 // over the samples of a frame
    Halide::Func sq{"sq"};          // frames^2, elementwise
    Halide::Func sum_sq{"sum_sq"};  // sum of sq over the frame
    Halide::Func energy{"energy"};  // the output: 10 log10(sum_sq / N + eps)

    Algorithm() {
        Halide::Expr len = Halide::cast<float>(frames.dim(0).extent());
        k = Halide::RDom(0, frames.dim(0).extent(), "k");
        sum_sq(f) = 0.0f;
        sq(n, f) = frames(n, f) * frames(n, f);
        sum_sq(f) += sq(k, f);
        energy(f) = db_per_ln * Halide::log(sum_sq(f) / len + eps);
    }

    ekb::Kernel kernel() { return {{frames}, {energy}}; }
};

}  // namespace task
