// Halide reference algorithm for task `global_avgpool_fp16`: global average pooling, the mean
// over H and W of each channel, NCHW at batch 1 ([1, C, H, W] -> [1, C, 1, 1]).
// float16 in and out (torch.half); products, sums and statistics in float, the output rounded
// to float16 once, as PyTorch's CPU half kernels do (opmath float accumulation).
// Halide dimension 0 is the last PyTorch dimension: input(x, y, c, n) is input[n, c, y, x];
// output(x, y, c, n) is output[n, c, y, x] with x = y = 0 (one pixel per channel).
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    static constexpr int output_size = 1;  // = get_init_inputs() in reference.py (global pooling)

    Halide::ImageParam input{Halide::Float(16), 4, "input"};  // [1, C, H, W]
    Halide::Var x{"x"}, y{"y"}, c{"c"}, n{"n"};               // output[n, c, y, x]
    Halide::RDom r;                 // r.x: input column, r.y: input row
    Halide::Func total{"total"};    // the sum over the channel's H x W plane
    Halide::Func output{"output"};  // total / (H * W), the 1 x 1 output pixel

    Algorithm() {
        using namespace Halide;
        r = RDom(0, input.dim(0).extent(), 0, input.dim(1).extent(), "r");
        total(c, n) = 0.0f;
        total(c, n) += Halide::cast<float>(input(r.x, r.y, c, n));
        output(x, y, c, n) = Halide::cast(Halide::Float(16), total(c, n) / cast<float>(input.dim(0).extent() * input.dim(1).extent()));
    }

    ekb::Kernel kernel() { return {{input}, {output}}; }
};

}  // namespace task
