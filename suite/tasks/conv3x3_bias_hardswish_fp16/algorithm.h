// Halide reference algorithm for task `conv3x3_bias_hardswish_fp16`:
// output = hardswish(conv3x3(input, weight, stride 1, pad 1) + bias), NCHW at batch 1, with
// hardswish(v) = v * relu6(v + 3) / 6.
// float16 in and out (torch.half); products and sums in float; the biased pre-activation is
// rounded to float16 as PyTorch's half operators hand it over, the output rounded once more.
// Halide dimension 0 is the last PyTorch dimension: input(x, y, c, n) is input[n, c, y, x]
// and weight(kx, ky, ci, co) is weight[co, ci, ky, kx].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    Halide::ImageParam input{Halide::Float(16), 4, "input"};    // [1, CI, H, W]
    Halide::ImageParam weight{Halide::Float(16), 4, "weight"};  // [CO, CI, 3, 3]
    Halide::ImageParam bias{Halide::Float(16), 1, "bias"};      // [CO]
    Halide::Var x{"x"}, y{"y"}, c{"c"}, n{"n"};  // output[n, c, y, x]: c is the output channel
    Halide::RDom r;                 // r.x: input channel ci, r.y: tap kx, r.z: tap ky
    Halide::Func padded{"padded"};  // input with zeros outside [0, W) x [0, H) (padding 1)
    Halide::Func conv{"conv"};      // the 3x3 convolution: the reduction over (ci, ky, kx)
    Halide::Func biased{"biased"};  // conv + bias
    Halide::Func output{"output"};  // hard-swish: the output

    Algorithm() {
        using namespace Halide;
        const int stride = 1, pad = 1;  // = get_init_inputs() in reference.py
        // Zero only outside the spatial extent; channel and batch are never out of range.
        Func bounded = BoundaryConditions::constant_exterior(
            input, Halide::cast(Halide::Float(16), 0.0f), {{input.dim(0).min(), input.dim(0).extent()}, {input.dim(1).min(), input.dim(1).extent()}});
        padded(x, y, c, n) = cast<float>(bounded(x, y, c, n));  // float16 in, float arithmetic

        r = RDom(0, input.dim(2).extent(), 0, 3, 0, 3, "r");
        conv(x, y, c, n) = 0.0f;
        conv(x, y, c, n) += cast<float>(weight(r.y, r.z, r.x, c)) * padded(x * stride + r.y - pad, y * stride + r.z - pad, r.x, n);
        // F.conv2d's half result: rounded to float16 before the hard-swish reads it.
        biased(x, y, c, n) = cast<float>(cast(Float(16), conv(x, y, c, n) + cast<float>(bias(c))));
        output(x, y, c, n) = cast(Float(16), biased(x, y, c, n) * clamp(biased(x, y, c, n) + 3.0f, 0.0f, 6.0f) / 6.0f);
    }

    ekb::Kernel kernel() { return {{input, weight, bias}, {output}}; }
};

}  // namespace task
