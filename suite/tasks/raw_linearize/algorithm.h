// Halide reference algorithm for task `raw_linearize`: lin = lut[raw] (int32), minus the black
// level of the pixel's CFA channel (ch = 2*(y % 2) + x % 2), divided by (white - black) in
// float, clipped to [0, 1].
// Halide dimension 0 is the last PyTorch dimension: raw(x, y) is raw[y, x].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    Halide::ImageParam raw{Halide::Int(16), 2, "raw"};      // [2*H2, 2*W2]
    Halide::ImageParam lut{Halide::Int(16), 1, "lut"};      // [4096]
    Halide::ImageParam black{Halide::Int(16), 1, "black"};  // [4]
    Halide::Var x{"x"}, y{"y"}, ch{"ch"};                   // out[y, x]; a CFA channel
    Halide::Func lin{"lin"};      // lut[raw], int32
    Halide::Func scale{"scale"};  // scale(ch) = white - black[ch], as float (the divisor)
    Halide::Func out{"out"};      // the output

    Algorithm() {
        using namespace Halide;
        const int white = 15000;  // = get_init_inputs() in reference.py
        // the raw samples are 12-bit, inside the 4096 table entries; the clamp only states it
        lin(x, y) = cast<int32_t>(lut(clamp(cast<int32_t>(raw(x, y)), 0, 4095)));
        scale(ch) = cast<float>(white - cast<int32_t>(black(ch)));
        Expr c = 2 * (y % 2) + x % 2;
        Expr b = cast<int32_t>(black(c));
        out(x, y) = clamp(cast<float>(lin(x, y) - b) / scale(c), 0.0f, 1.0f);
    }

    ekb::Kernel kernel() { return {{raw, lut, black}, {out}}; }
};

}  // namespace task
