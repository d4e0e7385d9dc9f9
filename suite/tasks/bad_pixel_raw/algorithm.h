// Halide reference algorithm for task `bad_pixel_raw`: hot / dead pixel correction of a Bayer
// raw frame: each pixel is clamped to the [min, max] of its 4 same-colour neighbours at
// distance 2; a neighbour outside the image is replaced by the one on the other side
// (x - 2 -> x + 2 when x < 2, x + 2 -> x - 2 when x >= W - 2), so it keeps the CFA colour.
// The outer clamp of each neighbour coordinate never changes it (W, H >= 4); it only tells
// bounds inference that the reads stay inside the image. `likely` marks the interior branch,
// so a schedule's loops can be partitioned into a select-free interior.
// Halide dimension 0 is the last PyTorch dimension: raw(x, y) is raw[y, x].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    Halide::ImageParam raw{Halide::Int(16), 2, "raw"};  // [2*H2, 2*W2]
    Halide::Var x{"x"}, y{"y"};                         // out[y, x]
    Halide::Func lo{"lo"}, hi{"hi"};  // the min and max of the 4 same-colour neighbours
    Halide::Func out{"out"};          // the output: clamp(raw, lo, hi)

    Algorithm() {
        using namespace Halide;
        const int s = 2;  // = get_init_inputs() in reference.py
        Expr W = raw.dim(0).extent(), H = raw.dim(1).extent();
        Expr xl = clamp(select(likely(x >= s), x - s, x + s), 0, W - 1);
        Expr xr = clamp(select(likely(x + s < W), x + s, x - s), 0, W - 1);
        Expr yu = clamp(select(likely(y >= s), y - s, y + s), 0, H - 1);
        Expr yd = clamp(select(likely(y + s < H), y + s, y - s), 0, H - 1);
        Expr l = raw(xl, y), r = raw(xr, y), u = raw(x, yu), d = raw(x, yd);
        lo(x, y) = min(min(l, r), min(u, d));
        hi(x, y) = max(max(l, r), max(u, d));
        out(x, y) = min(max(raw(x, y), lo(x, y)), hi(x, y));
    }

    ekb::Kernel kernel() { return {{raw}, {out}}; }
};

}  // namespace task
