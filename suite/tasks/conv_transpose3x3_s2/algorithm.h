// Halide reference algorithm for task `conv_transpose3x3_s2`: a 3x3 transposed convolution with
// bias, stride 2, padding 1, output padding 1, NCHW at batch 1 ([1, CI, H, W] -> [1, CO, 2H, 2W]).
// Written in gather form: output pixel x takes tap kx of input pixel ix where 2 * ix - pad + kx =
// x, i.e. where x + pad - kx is even and ix = (x + pad - kx) / 2 lies in [0, W); the windows of
// neighbouring input pixels overlap (the kernel is wider than the stride), so each output pixel
// sums several input pixels' contributions. Halide dimension 0 is the last PyTorch dimension:
// input(x, y, c, n) is input[n, c, y, x] and weight(kx, ky, co, ci) is weight[ci, co, ky, kx].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    // = get_init_inputs() in reference.py
    static constexpr int K = 3;            // kernel size
    static constexpr int stride = 2;
    static constexpr int pad = 1;          // padding (cropped from the full output)
    static constexpr int output_pad = 1;   // extra rows/columns at the bottom/right

    Halide::ImageParam input{Halide::Float(32), 4, "input"};    // [1, CI, H, W]
    Halide::ImageParam weight{Halide::Float(32), 4, "weight"};  // [CI, CO, K, K]
    Halide::ImageParam bias{Halide::Float(32), 1, "bias"};      // [CO]
    Halide::Var x{"x"}, y{"y"}, c{"c"}, n{"n"};  // output[n, c, y, x]: c is the output channel
    Halide::RDom r;                   // r.x: input channel ci, r.y: tap kx, r.z: tap ky
    Halide::Func padded{"padded"};  // input with zeros outside [0, W) x [0, H)
    Halide::Func conv{"conv"};      // bias + the reduction over (ci, ky, kx) of the taps that hit (x, y)
    Halide::Func output{"output"};  // the output

    Algorithm() {
        using namespace Halide;
        Func bounded = BoundaryConditions::constant_exterior(
            input, 0.0f, {{input.dim(0).min(), input.dim(0).extent()}, {input.dim(1).min(), input.dim(1).extent()}});
        padded(x, y, c, n) = bounded(x, y, c, n);

        r = RDom(0, input.dim(2).extent(), 0, K, 0, K, "r");
        Expr sx = x + pad - r.y, sy = y + pad - r.z;  // 2 * ix, 2 * iy when the tap hits
        Expr hit = (sx % stride == 0) && (sy % stride == 0);
        conv(x, y, c, n) = bias(c);
        conv(x, y, c, n) += select(hit, weight(r.y, r.z, c, r.x) * padded(sx / stride, sy / stride, r.x, n), 0.0f);
        output(x, y, c, n) = conv(x, y, c, n);
    }

    ekb::Kernel kernel() { return {{input, weight, bias}, {output}}; }
};

}  // namespace task
