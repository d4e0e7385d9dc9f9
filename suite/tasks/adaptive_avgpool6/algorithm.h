// Halide reference algorithm for task `adaptive_avgpool6`: adaptive average pooling to 6x6,
// [1, C, H, W] -> [1, C, 6, 6]: output bin (j, i) is the mean over rows [floor(i*H/6),
// ceil((i+1)*H/6)) and columns [floor(j*W/6), ceil((j+1)*W/6)), as PyTorch.
// Halide dimension 0 is the last PyTorch dimension: input(x, y, c, n) is input[n, c, y, x].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    static constexpr int out_size = 6;  // = get_init_inputs() in reference.py

    Halide::ImageParam input{Halide::Float(32), 4, "input"};  // [1, C, H, W]
    Halide::Var x{"x"}, y{"y"}, c{"c"}, n{"n"};               // output[n, c, y, x], x, y < 6
    Halide::RDom r;                 // r.x, r.y: offsets inside the largest bin (predicated)
    Halide::Func total{"total"};    // the sum over bin (x, y)
    Halide::Func output{"output"};  // the output: total / bin area

    // First sample of bin i and the bin's end (exclusive), over an axis of extent s.
    static Halide::Expr bin_start(Halide::Expr i, Halide::Expr s) { return (i * s) / out_size; }
    static Halide::Expr bin_end(Halide::Expr i, Halide::Expr s) { return ((i + 1) * s + out_size - 1) / out_size; }

    Algorithm() {
        using namespace Halide;
        Expr W = input.dim(0).extent(), H = input.dim(1).extent();
        // Bin i of an axis of extent S covers [floor(i*S/6), ceil((i+1)*S/6)); at most
        // ceil(S/6) + 1 samples.
        r = RDom(0, W / out_size + 2, 0, H / out_size + 2, "r");
        Expr x0 = bin_start(x, W), x1 = bin_end(x, W), y0 = bin_start(y, H), y1 = bin_end(y, H);
        r.where(r.x < x1 - x0 && r.y < y1 - y0);
        total(x, y, c, n) = 0.0f;
        // The clamps never bind under the predicate; they keep the bounds of input in range.
        total(x, y, c, n) += input(min(x0 + r.x, W - 1), min(y0 + r.y, H - 1), c, n);
        output(x, y, c, n) = total(x, y, c, n) / cast<float>((x1 - x0) * (y1 - y0));
    }

    ekb::Kernel kernel() { return {{input}, {output}}; }
};

}  // namespace task
