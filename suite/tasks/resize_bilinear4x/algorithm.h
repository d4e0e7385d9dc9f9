// Halide reference algorithm for task `resize_bilinear4x`: bilinear resize x4 with
// align_corners=False (output 4H x 4W), as torch.nn.functional.interpolate: the source coordinate
// real of an output index, i0 = min(floor(real), S - 1), i1 = i0 + 1 except at the last sample,
// lambda = clamp(real - i0, 0, 1), then out = (1 - ly) * ((1 - lx) * in(x0, y0) + lx * in(x1, y0))
// + ly * ((1 - lx) * in(x0, y1) + lx * in(x1, y1)). Halide dimension 0 is the last PyTorch
// dimension: input(x, y, c, n) is input[n, c, y, x].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    Halide::ImageParam input{Halide::Float(32), 4, "input"};  // [1, C, H, W]
    Halide::Var x{"x"}, y{"y"}, c{"c"}, n{"n"}, i{"i"};       // output[n, c, y, x]; i: an output index on one axis
    Halide::Func x0{"x0"}, x1{"x1"}, lx{"lx"};  // the two source columns of output column i and the weight of x1
    Halide::Func y0{"y0"}, y1{"y1"}, ly{"ly"};  // the same for output row i
    Halide::Func output{"output"};              // the output

    // Source coordinate of output index o along an axis of input extent s and output extent os,
    // as PyTorch (float32) with align_corners=False: scale = s / os,
    // real = max(scale * (o + 0.5) - 0.5, 0).
    static Halide::Expr source(Halide::Expr o, Halide::Expr s, Halide::Expr os) {
        using namespace Halide;
        Expr scale = cast<float>(s) / cast<float>(os);
        return max(scale * (cast<float>(o) + 0.5f) - 0.5f, 0.0f);
    }

    // Output extent of an axis of input extent s.
    static Halide::Expr out_extent(Halide::Expr s) { return 4 * s; }

    Algorithm() {
        using namespace Halide;
        Expr W = input.dim(0).extent(), H = input.dim(1).extent();
        Expr rx = source(i, W, out_extent(W)), ry = source(i, H, out_extent(H));
        // The clamps at 0 never bind (real >= 0); they bound the reads for Halide.
        x0(i) = clamp(cast<int>(floor(rx)), 0, W - 1);
        x1(i) = min(x0(i) + 1, W - 1);
        lx(i) = clamp(rx - cast<float>(x0(i)), 0.0f, 1.0f);
        y0(i) = clamp(cast<int>(floor(ry)), 0, H - 1);
        y1(i) = min(y0(i) + 1, H - 1);
        ly(i) = clamp(ry - cast<float>(y0(i)), 0.0f, 1.0f);
        auto in = [&](Expr xx, Expr yy) { return input(clamp(xx, 0, W - 1), clamp(yy, 0, H - 1), c, n); };
        Expr top = (1.0f - lx(x)) * in(x0(x), y0(y)) + lx(x) * in(x1(x), y0(y));
        Expr bottom = (1.0f - lx(x)) * in(x0(x), y1(y)) + lx(x) * in(x1(x), y1(y));
        output(x, y, c, n) = (1.0f - ly(y)) * top + ly(y) * bottom;
    }

    ekb::Kernel kernel() { return {{input}, {output}}; }
};

}  // namespace task
