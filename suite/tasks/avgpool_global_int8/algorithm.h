// Halide reference algorithm for task `avgpool_global_int8`: int8 global average pooling as
// TFLite's integer AveragePool ([1, C, H, W] -> [1, C, 1, 1]):
//   total[c]  = sum over y, x of input[c, y, x]                                  (int32)
//   output[c] = clamp(total >= 0 ? (total + count / 2) / count
//                                : (total - count / 2) / count, -128, 127)       (int8)
// with count = H * W and C-style truncating division (rounds half away from zero).
// Input and output share scale and zero point: no requantization.
// Halide dimension 0 is the last PyTorch dimension: input(x, y, c, n) is input[n, c, y, x];
// output(x, y, c, n) is output[n, c, y, x] with x = y = 0 (one pixel per channel).
#pragma once
#include <ekb/kernel.h>

namespace task {

constexpr int output_size = 1;  // = get_init_inputs() in reference.py (global pooling)

// sum / count rounded half away from zero, for count > 0, as TFLite's integer AveragePool
// writes it with C-style truncating division (Halide's integer division rounds toward
// negative infinity, so the negative branch divides the negated, non-negative numerator).
static inline Halide::Expr rounded_average(const Halide::Expr &sum, const Halide::Expr &count) {
    using namespace Halide;
    Expr half = count / 2;
    return select(sum >= 0, (sum + half) / count, -((half - sum) / count));
}

struct Algorithm {
    Halide::ImageParam input{Halide::Int(8), 4, "input"};  // [1, C, H, W]
    Halide::Var x{"x"}, y{"y"}, c{"c"}, n{"n"};            // output[n, c, y, x]
    Halide::RDom r;                 // r.x: input column, r.y: input row
    Halide::Func total{"total"};    // the int32 sum over the channel's H x W plane
    Halide::Func output{"output"};  // the rounded average, int8: the 1 x 1 output pixel

    Algorithm() {
        using namespace Halide;
        r = RDom(0, input.dim(0).extent(), 0, input.dim(1).extent(), "r");
        total(c, n) = 0;
        total(c, n) += cast<int32_t>(input(r.x, r.y, c, n));
        Expr count = input.dim(0).extent() * input.dim(1).extent();
        output(x, y, c, n) = cast<int8_t>(clamp(rounded_average(total(c, n), count), -128, 127));
    }

    ekb::Kernel kernel() { return {{input}, {output}}; }
};

}  // namespace task
