// Halide reference algorithm for task `resize_bicubic`: a bicubic x1.5 resize (OH = 3H/2,
// OW = 3W/2) with half-pixel centres, Keys cubic weights (a = -0.75) and border taps clamped
// to the image, separable: 4 taps along x (resize_x), then 4 taps along y (out).
// Per output column ox: src = (ox + 0.5) * W/OW - 0.5, x0 = floor(src), t = src - x0; the
// taps x0-1 .. x0+2 get weights w(t+1), w(t), w(1-t), w(2-t). Same along y.
// Halide dimension 0 is the last PyTorch dimension: img(x, y, c) is img[c, y, x].
#pragma once
#include <ekb/kernel.h>

namespace task {

// The Keys cubic weight of tap k (0..3) at fraction t, as PyTorch's upsample_bicubic2d.
inline Halide::Expr cubic_weight(int k, const Halide::Expr &t) {
    const float A = -0.75f;  // = reference's bicubic coefficient
    auto near = [&](Halide::Expr d) { return ((A + 2.0f) * d - (A + 3.0f)) * d * d + 1.0f; };
    auto far = [&](Halide::Expr d) { return ((A * d - 5.0f * A) * d + 8.0f * A) * d - 4.0f * A; };
    switch (k) {
        case 0: return far(t + 1.0f);
        case 1: return near(t);
        case 2: return near(1.0f - t);
        default: return far(2.0f - t);
    }
}

struct Algorithm {
    Halide::ImageParam img{Halide::Float(32), 3, "img"};  // [C, H, W]
    Halide::Var x{"x"}, y{"y"}, c{"c"}, k{"k"};           // out[c, y, x]; k: the tap
    Halide::Func x0{"x0"}, y0{"y0"};    // the floor of the source coordinate per column / row
    Halide::Func wx{"wx"}, wy{"wy"};    // wx(k, x): the weight of tap k of output column x
    Halide::Func resize_x{"resize_x"};  // resize_x(x, y, c): output columns, input rows
    Halide::Func out{"out"};            // the output

    Algorithm() {
        using namespace Halide;
        const int num = 3, den = 2;  // = get_init_inputs() in reference.py: OH = 3H/2
        Expr W = img.dim(0).extent(), H = img.dim(1).extent();
        Expr OW = (num * W) / den, OH = (num * H) / den;
        Expr sx = cast<float>(W) / cast<float>(OW), sy = cast<float>(H) / cast<float>(OH);
        Expr srcx = (cast<float>(x) + 0.5f) * sx - 0.5f;
        Expr srcy = (cast<float>(y) + 0.5f) * sy - 0.5f;
        x0(x) = cast<int32_t>(floor(srcx));
        y0(y) = cast<int32_t>(floor(srcy));
        Expr tx = srcx - cast<float>(x0(x)), ty = srcy - cast<float>(y0(y));
        wx(k, x) = select(k == 0, cubic_weight(0, tx), k == 1, cubic_weight(1, tx),
                          k == 2, cubic_weight(2, tx), cubic_weight(3, tx));
        wy(k, y) = select(k == 0, cubic_weight(0, ty), k == 1, cubic_weight(1, ty),
                          k == 2, cubic_weight(2, ty), cubic_weight(3, ty));
        Expr sumx = 0.0f;
        for (int t = 0; t < 4; t++) {
            sumx += wx(t, x) * img(clamp(x0(x) - 1 + t, 0, W - 1), y, c);
        }
        resize_x(x, y, c) = sumx;
        Expr sumy = 0.0f;
        for (int t = 0; t < 4; t++) {
            sumy += wy(t, y) * resize_x(x, clamp(y0(y) - 1 + t, 0, H - 1), c);
        }
        out(x, y, c) = sumy;
    }

    ekb::Kernel kernel() { return {{img}, {out}}; }
};

}  // namespace task
