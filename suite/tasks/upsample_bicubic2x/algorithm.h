// Halide reference algorithm for task `upsample_bicubic2x`: bicubic resize x2 with
// align_corners=False (output 2H x 2W), as torch.nn.functional.interpolate(mode='bicubic'): the
// source coordinate real = scale * (o + 0.5) - 0.5 (scale = S / (2S), not clamped), i =
// floor(real), t = real - i; the 4 taps i - 1 .. i + 2 (clamped to the border) weighted by Keys'
// cubic convolution with A = -0.75 at t + 1, t, 1 - t, 2 - t; rows are interpolated first, then the
// 4 row results. Halide dimension 0 is the last PyTorch dimension: input(x, y, c, n) is input[n, c,
// y, x].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    static constexpr float A = -0.75f;  // PyTorch's bicubic coefficient

    Halide::ImageParam input{Halide::Float(32), 4, "input"};  // [1, C, H, W]
    Halide::Var x{"x"}, y{"y"}, c{"c"}, n{"n"}, i{"i"}, k{"k"};  // output[n, c, y, x]; i: output index, k: tap
    Halide::Func tx{"tx"}, wx{"wx"};  // tap k's source column (clamped) and weight for output column i
    Halide::Func ty{"ty"}, wy{"wy"};  // the same for output row i
    Halide::Func output{"output"};  // the output

    // Keys' cubic convolution weights of the 4 taps at fractional offset t.
    static Halide::Expr weight(Halide::Expr k, Halide::Expr t) {
        using namespace Halide;
        auto near = [](Expr v) { return ((A + 2.0f) * v - (A + 3.0f)) * v * v + 1.0f; };         // |v| <= 1
        auto far = [](Expr v) { return ((A * v - 5.0f * A) * v + 8.0f * A) * v - 4.0f * A; };  // 1 < |v| < 2
        return select(k == 0, far(t + 1.0f), k == 1, near(t), k == 2, near(1.0f - t), far(2.0f - t));
    }
    static Halide::Expr source(Halide::Expr o, Halide::Expr s) {
        using namespace Halide;
        Expr scale = cast<float>(s) / cast<float>(2 * s);
        return scale * (cast<float>(o) + 0.5f) - 0.5f;
    }
    static Halide::Expr out_extent(Halide::Expr s) { return 2 * s; }

    Algorithm() {
        using namespace Halide;
        Expr W = input.dim(0).extent(), H = input.dim(1).extent();
        Expr rx = source(i, W), ry = source(i, H);
        Expr fx = floor(rx), fy = floor(ry);
        tx(k, i) = clamp(cast<int>(fx) - 1 + k, 0, W - 1);
        wx(k, i) = weight(k, rx - fx);
        ty(k, i) = clamp(cast<int>(fy) - 1 + k, 0, H - 1);
        wy(k, i) = weight(k, ry - fy);
        auto in = [&](Expr xx, Expr yy) { return input(clamp(xx, 0, W - 1), clamp(yy, 0, H - 1), c, n); };
        auto row = [&](Expr yy) {
            return wx(0, x) * in(tx(0, x), yy) + wx(1, x) * in(tx(1, x), yy) + wx(2, x) * in(tx(2, x), yy) +
                   wx(3, x) * in(tx(3, x), yy);
        };
        output(x, y, c, n) = wy(0, y) * row(ty(0, y)) + wy(1, y) * row(ty(1, y)) + wy(2, y) * row(ty(2, y)) +
                             wy(3, y) * row(ty(3, y));
    }

    ekb::Kernel kernel() { return {{input}, {output}}; }
};

}  // namespace task
