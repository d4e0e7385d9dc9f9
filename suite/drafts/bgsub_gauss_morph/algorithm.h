// Halide reference algorithm for task `bgsub_gauss_morph`: one frame of fixed-point running-
// Gaussian background subtraction (MOG2's test and update for one isotropic RGB Gaussian per
// pixel) and a 3x3 morphological opening of the foreground mask.
//   d(x, y, c) = 16 frame - mean (Q4); dist2 = sum_c d^2 (Q8); fg = dist2 > 16 var
//   background: mean' = mean + (d >> 5), var' = clamp(var + ((dist2 - var) >> 5), 1024, 19200)
//   foreground: mean' = mean, var' = var
//   mask = 255 * max3x3(min3x3(fg)) (replicate borders)
// Halide dimension 0 is the last PyTorch dimension: frame(x, y, c) is frame[c, y, x].
#pragma once
#include <ekb/kernel.h>

namespace task {

constexpr int kThr = 16, kShift = 5, kVarMin = 1024, kVarMax = 19200;  // = get_init_inputs()

struct Algorithm {
    Halide::ImageParam frame{Halide::UInt(8), 3, "frame"};  // [3, H, W]
    Halide::ImageParam mean{Halide::Int(32), 3, "mean"};    // [3, H, W] Q4
    Halide::ImageParam var{Halide::Int(32), 2, "var"};      // [H, W] Q8
    Halide::Var x{"x"}, y{"y"}, c{"c"};
    Halide::Func d{"d"};          // (x, y, c)
    Halide::Func dist2{"dist2"};  // (x, y)
    Halide::Func fg{"fg"};        // (x, y) 0 or 1, replicate borders outside the frame
    Halide::Func eroded{"eroded"};  // (x, y)
    Halide::Func mask{"mask"};    // (x, y) output uint8
    Halide::Func mean_out{"mean_out"};  // (x, y, c) output
    Halide::Func var_out{"var_out"};    // (x, y) output

    Algorithm() {
        using namespace Halide;
        const Expr W = frame.dim(0).extent(), H = frame.dim(1).extent();
        d(x, y, c) = 16 * cast<int32_t>(frame(x, y, c)) - mean(x, y, c);
        dist2(x, y) = d(x, y, 0) * d(x, y, 0) + d(x, y, 1) * d(x, y, 1) + d(x, y, 2) * d(x, y, 2);
        Expr xc = clamp(x, 0, W - 1), yc = clamp(y, 0, H - 1);
        fg(x, y) = select(dist2(xc, yc) > kThr * var(xc, yc), 1, 0);
        Expr e = fg(x, y);
        for (int dy = -1; dy <= 1; dy++) {
            for (int dx = -1; dx <= 1; dx++) {
                if (dx != 0 || dy != 0) e = min(e, fg(clamp(x + dx, 0, W - 1), clamp(y + dy, 0, H - 1)));
            }
        }
        eroded(x, y) = e;
        Expr o = eroded(x, y);
        for (int dy = -1; dy <= 1; dy++) {
            for (int dx = -1; dx <= 1; dx++) {
                if (dx != 0 || dy != 0) o = max(o, eroded(clamp(x + dx, 0, W - 1), clamp(y + dy, 0, H - 1)));
            }
        }
        mask(x, y) = cast<uint8_t>(o * 255);
        Expr bg = fg(x, y) == 0;
        mean_out(x, y, c) = select(bg, mean(x, y, c) + (d(x, y, c) >> kShift), mean(x, y, c));
        Expr v = var(x, y);
        var_out(x, y) = select(bg, clamp(v + ((dist2(x, y) - v) >> kShift), kVarMin, kVarMax), v);
    }

    ekb::Kernel kernel() { return {{frame, mean, var}, {mask, mean_out, var_out}}; }
};

}  // namespace task
