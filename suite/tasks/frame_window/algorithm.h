// Halide reference algorithm for task `frame_window`: overlapping frames of a waveform,
// multiplied by a window: frames[f, n] = x[f * hop + n] * window[n], hop 160.
// Halide dimension 0 is the last PyTorch dimension: frames(n, f) is frames[f, n].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    static constexpr int hop = 160;  // = get_init_inputs() in reference.py

    Halide::ImageParam x{Halide::Float(32), 1, "x"};            // [L], L = (F - 1) * hop + N
    Halide::ImageParam window{Halide::Float(32), 1, "window"};  // [N]
    Halide::Var n{"n"}, f{"f"};  // frames[f, n]: n sample in the frame (N), f frame (F)
    Halide::Func unfolded{"unfolded"};  // the unwindowed frames: x(f * hop + n)
    Halide::Func frames{"frames"};      // the output: unfolded * window

    Algorithm() {
        unfolded(n, f) = x(f * hop + n);
        frames(n, f) = unfolded(n, f) * window(n);
    }

    ekb::Kernel kernel() { return {{x, window}, {frames}}; }
};

}  // namespace task
