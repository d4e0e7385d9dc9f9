// Halide reference algorithm for task `avgpool2x2_int8`: TFLite's int8 AVERAGE_POOL_2D (reference
// integer kernel), 2x2 window, stride 2, VALID padding, NHWC:
//   sum    = the 4 inputs of the window, int32
//   output = clamp(sum > 0 ? (sum + 2) / 4 : (sum - 2) / 4, -128, 127)   (C division: round half
//   away from 0)
// The input and output share scale and zero point (TFLite requires it), so no rescaling.
// Halide dimension 0 is the last PyTorch dimension: input(c, x, y, n) is input[n, y, x, c].
#pragma once
#include <ekb/kernel.h>

#include <cstdint>

namespace task {

struct Algorithm {
    static constexpr int K = 2, stride = 2;  // = get_init_inputs() in reference.py

    Halide::ImageParam input{Halide::Int(8), 4, "input"};  // [1, H, W, C]
    Halide::Var c{"c"}, x{"x"}, y{"y"}, n{"n"};           // output[n, y, x, c]
    Halide::RDom r;                 // r.x: tap kx, r.y: tap ky
    Halide::Func sum{"sum"};        // the window sum, int32
    Halide::Func output{"output"};  // the rounded average, int8: the output

    Algorithm() {
        using namespace Halide;
        r = RDom(0, K, 0, K, "r");
        sum(c, x, y, n) = 0;
        sum(c, x, y, n) += cast<int32_t>(input(c, x * stride + r.x, y * stride + r.y, n));
        // (s + 2) / 4 for s > 0 and (s - 2) / 4 truncated toward zero for s <= 0, written with
        // arithmetic shifts only: trunc((s - 2) / 4) = -floor((2 - s) / 4) when s <= 0.
        Expr s = sum(c, x, y, n);
        Expr avg = select(s > 0, (s + 2) >> 2, -((2 - s) >> 2));
        output(c, x, y, n) = cast<int8_t>(clamp(avg, -128, 127));
    }

    ekb::Kernel kernel() { return {{input}, {output}}; }
};

}  // namespace task
