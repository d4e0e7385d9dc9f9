// Halide reference algorithm for task `conv3d_3x3x3`: a 3x3x3 convolution with bias, stride 1,
// zero padding 1 in depth (time), height and width, NCDHW at batch 1.
// Halide dimension 0 is the last PyTorch dimension: input(x, y, z, c, n) is
// input[n, c, z, y, x] and weight(kx, ky, kz, ci, co) is weight[co, ci, kz, ky, kx].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    static constexpr int stride = 1, pad = 1;  // = get_init_inputs() in reference.py

    Halide::ImageParam input{Halide::Float(32), 5, "input"};    // [1, CI, D, H, W]
    Halide::ImageParam weight{Halide::Float(32), 5, "weight"};  // [CO, CI, 3, 3, 3]
    Halide::ImageParam bias{Halide::Float(32), 1, "bias"};      // [CO]
    Halide::Var x{"x"}, y{"y"}, z{"z"}, c{"c"}, n{"n"};  // output[n, c, z, y, x]
    Halide::RDom r;                 // r.x: input channel ci, r.y: tap kx, r.z: tap ky, r.w: tap kz
    Halide::Func padded{"padded"};  // input with zeros outside [0, W) x [0, H) x [0, D)
    Halide::Func conv{"conv"};      // bias + the reduction over (ci, kz, ky, kx)
    Halide::Func output{"output"};  // the output

    Algorithm() {
        using namespace Halide;
        // Zero only outside the spatial and temporal extent; channel and batch never are.
        Func bounded = BoundaryConditions::constant_exterior(
            input, 0.0f,
            {{input.dim(0).min(), input.dim(0).extent()},
             {input.dim(1).min(), input.dim(1).extent()},
             {input.dim(2).min(), input.dim(2).extent()}});
        padded(x, y, z, c, n) = bounded(x, y, z, c, n);

        r = RDom(0, input.dim(3).extent(), 0, 3, 0, 3, 0, 3, "r");
        conv(x, y, z, c, n) = bias(c);
        conv(x, y, z, c, n) += weight(r.y, r.z, r.w, r.x, c) *
                               padded(x * stride + r.y - pad, y * stride + r.z - pad, z * stride + r.w - pad, r.x, n);
        output(x, y, z, c, n) = conv(x, y, z, c, n);
    }

    ekb::Kernel kernel() { return {{input, weight, bias}, {output}}; }
};

}  // namespace task
