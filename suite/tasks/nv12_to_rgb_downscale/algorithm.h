// Halide reference algorithm for task `nv12_to_rgb_downscale`: NV12 -> RGB with BT.601
// full-range coefficients, clamped to [0, 255], nearest chroma upsampling, then a 2x2 box
// downscale:
//   R = Y + kr (V-128), G = Y - kgu (U-128) - kgv (V-128), B = Y + kb (U-128)
//   rgb[c, j, i] = mean of the 4 clamped full-resolution pixels (2i..2i+1, 2j..2j+1).
// Halide dimension 0 is the last PyTorch dimension: y(x, row) is y[row, x], uv(k, i, j) is
// uv[j, i, k] (k = 0 U, 1 V), rgb(i, j, c) is rgb[c, j, i].
#pragma once
#include <ekb/kernel.h>

namespace task {

// The BT.601 full-range coefficients: reference.py's get_init_inputs().
constexpr float kr = 1.402f, kgu = 0.344136f, kgv = 0.714136f, kb = 1.772f;

struct Algorithm {
    Halide::ImageParam y{Halide::UInt(8), 2, "y"};    // [2*H2, 2*W2] luma
    Halide::ImageParam uv{Halide::UInt(8), 3, "uv"};  // [H2, W2, 2] interleaved U, V
    // x, row: full-resolution pixel; i, j: half-resolution pixel (output column, row);
    // c: the colour (0 R, 1 G, 2 B) or the chroma component (0 U, 1 V).
    Halide::Var x{"x"}, row{"row"}, i{"i"}, j{"j"}, c{"c"};
    Halide::Func chroma{"chroma"};    // chroma(c, i, j): U or V minus 128, as float
    Halide::Func full{"full"};        // full(x, row, c): the clamped RGB at full resolution
    Halide::Func rgb{"rgb"};          // the 2x2 box average: the output

    Algorithm() {
        using Halide::cast;
        chroma(c, i, j) = cast<float>(uv(c, i, j)) - 128.0f;
        Halide::Expr luma = cast<float>(y(x, row));
        Halide::Expr u = chroma(0, x / 2, row / 2), v = chroma(1, x / 2, row / 2);
        Halide::Expr value = Halide::select(c == 0, luma + kr * v,
                                            c == 1, luma - kgu * u - kgv * v,
                                            luma + kb * u);
        full(x, row, c) = Halide::clamp(value, 0.0f, 255.0f);
        rgb(i, j, c) = (full(2 * i, 2 * j, c) + full(2 * i + 1, 2 * j, c) +
                        full(2 * i, 2 * j + 1, c) + full(2 * i + 1, 2 * j + 1, c)) * 0.25f;
    }

    ekb::Kernel kernel() { return {{y, uv}, {rgb}}; }
};

}  // namespace task
