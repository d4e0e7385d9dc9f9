// Halide reference algorithm for task `lens_shading`: lens shading correction of an RGGB raw
// frame. gain(i, j, ch) = the bilinear upsampling of gains[ch] from [GH, GW] to [H2, W2] with
// half-pixel centres as PyTorch's align_corners=False (negative source coordinates clamped to
// 0, the upper tap clamped to the grid; the lerp in PyTorch's order); out = raw * the gain of
// the pixel's CFA channel at its 2x2 cell.
// Halide dimension 0 is the last PyTorch dimension: raw(x, y) is raw[y, x], gains(gx, gy, ch)
// is gains[ch, gy, gx].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    Halide::ImageParam raw{Halide::Float(32), 2, "raw"};      // [2*H2, 2*W2]
    Halide::ImageParam gains{Halide::Float(32), 3, "gains"};  // [4, GH, GW]
    Halide::Var x{"x"}, y{"y"}, i{"i"}, j{"j"}, ch{"ch"};     // out[y, x]; (i, j) a 2x2 cell
    Halide::Func gx0{"gx0"}, gy0{"gy0"};  // the lower grid tap per cell column / row
    Halide::Func lx{"lx"}, ly{"ly"};      // the weight of the upper tap per cell column / row
    Halide::Func gain{"gain"};            // gain(i, j, ch): the upsampled gain
    Halide::Func out{"out"};              // the output

    Algorithm() {
        using namespace Halide;
        Expr W2 = raw.dim(0).extent() / 2, H2 = raw.dim(1).extent() / 2;
        Expr GW = gains.dim(0).extent(), GH = gains.dim(1).extent();
        Expr sx = cast<float>(GW) / cast<float>(W2), sy = cast<float>(GH) / cast<float>(H2);
        Expr srcx = max((cast<float>(i) + 0.5f) * sx - 0.5f, 0.0f);
        Expr srcy = max((cast<float>(j) + 0.5f) * sy - 0.5f, 0.0f);
        gx0(i) = cast<int32_t>(srcx);  // srcx >= 0: truncation is the floor
        gy0(j) = cast<int32_t>(srcy);
        lx(i) = srcx - cast<float>(gx0(i));
        ly(j) = srcy - cast<float>(gy0(j));
        // the taps are inside the grid already (0 <= src < G - 1/2); the clamps state it for
        // bounds inference (the casts from float are unbounded to it)
        Expr x0 = clamp(gx0(i), 0, GW - 1), x1 = clamp(gx0(i) + 1, 0, GW - 1);
        Expr y0 = clamp(gy0(j), 0, GH - 1), y1 = clamp(gy0(j) + 1, 0, GH - 1);
        Expr w1 = lx(i), w0 = 1.0f - lx(i), h1 = ly(j), h0 = 1.0f - ly(j);
        gain(i, j, ch) = h0 * (w0 * gains(x0, y0, ch) + w1 * gains(x1, y0, ch)) +
                         h1 * (w0 * gains(x0, y1, ch) + w1 * gains(x1, y1, ch));
        out(x, y) = raw(x, y) * gain(x / 2, y / 2, 2 * (y % 2) + x % 2);
    }

    ekb::Kernel kernel() { return {{raw, gains}, {out}}; }
};

}  // namespace task
