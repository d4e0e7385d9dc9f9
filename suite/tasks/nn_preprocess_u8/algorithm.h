// Halide reference algorithm for task `nn_preprocess_u8`: packed uint8 RGB -> float / 255 ->
// bilinear resize to 224x224 (PyTorch's align_corners=False: source (o + 0.5) * in/224 - 0.5,
// clamped below at 0; lower tap = its truncation, upper tap clamped to the image; the x lerp
// of each of the two rows, then the y lerp, in PyTorch's order) -> (r - mean[c]) / std[c].
// Halide dimension 0 is the last PyTorch dimension: img(c, x, y) is img[y, x, c] and
// out(x, y, c) is out[c, y, x].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    Halide::ImageParam img{Halide::UInt(8), 3, "img"};  // [H, W, 3]
    Halide::Var x{"x"}, y{"y"}, c{"c"}, iy{"iy"};        // out[c, y, x]; iy: an input row
    Halide::Func x0{"x0"}, lx{"lx"};    // per output column: the lower tap and the upper weight
    Halide::Func y0{"y0"}, ly{"ly"};    // per output row
    Halide::Func resize_x{"resize_x"};  // resize_x(x, iy, c): output column x of input row iy
    Halide::Func out{"out"};            // the output

    Algorithm() {
        using namespace Halide;
        const int size = 224;  // = get_init_inputs() in reference.py
        const float mean[3] = {0.485f, 0.456f, 0.406f}, stdev[3] = {0.229f, 0.224f, 0.225f};
        Expr W = img.dim(1).extent(), H = img.dim(2).extent();
        Expr sx = cast<float>(W) / float(size), sy = cast<float>(H) / float(size);
        Expr srcx = max((cast<float>(x) + 0.5f) * sx - 0.5f, 0.0f);
        Expr srcy = max((cast<float>(y) + 0.5f) * sy - 0.5f, 0.0f);
        x0(x) = cast<int32_t>(srcx);  // srcx >= 0: truncation is the floor
        lx(x) = srcx - cast<float>(x0(x));
        y0(y) = cast<int32_t>(srcy);
        ly(y) = srcy - cast<float>(y0(y));
        // the taps are inside the image already; the clamps state it for bounds inference
        Expr xa = clamp(x0(x), 0, W - 1), xb = clamp(x0(x) + 1, 0, W - 1);
        Expr pa = cast<float>(img(c, xa, iy)) / 255.0f, pb = cast<float>(img(c, xb, iy)) / 255.0f;
        resize_x(x, iy, c) = (1.0f - lx(x)) * pa + lx(x) * pb;
        Expr ya = clamp(y0(y), 0, H - 1), yb = clamp(y0(y) + 1, 0, H - 1);
        Expr r = (1.0f - ly(y)) * resize_x(x, ya, c) + ly(y) * resize_x(x, yb, c);
        Expr m = select(c == 0, mean[0], c == 1, mean[1], mean[2]);
        Expr s = select(c == 0, stdev[0], c == 1, stdev[1], stdev[2]);
        out(x, y, c) = (r - m) / s;
    }

    ekb::Kernel kernel() { return {{img}, {out}}; }
};

}  // namespace task
