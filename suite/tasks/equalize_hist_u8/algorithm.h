// Halide reference algorithm for task `equalize_hist_u8`: histogram equalization of a uint8
// image. counts = the 256-bin histogram (a scatter over the pixels); cdf(b) = the sum of
// counts(0..b) (a reduction per bin, so the bins are independent); lut(b) maps each bin with
// h0 = the smallest nonzero cdf value (the count of the lowest occupied bin) and
// d = N - h0: lut = (max(cdf - h0, 0) * 255 + d / 2) / d, or b itself when d == 0;
// out = lut(img). All in int32 (cdf * 255 < 2^31 for images up to 8 Mpixel).
// Halide dimension 0 is the last PyTorch dimension: img(x, y) is img[y, x].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    Halide::ImageParam img{Halide::UInt(8), 2, "img"};  // [H, W]
    Halide::Var x{"x"}, y{"y"};                         // out[y, x]
    Halide::Var b{"b"};                                 // a bin
    Halide::RDom r;                                     // r.x: column, r.y: row of img
    Halide::RDom rb;                                    // the 256 bins
    Halide::Func bin{"bin"};        // the bin of each pixel: img widened to int32
    Halide::Func counts{"counts"};  // the histogram: zero, then +1 at bin(r.x, r.y)
    Halide::Func cdf{"cdf"};        // cdf(b) = sum of counts(0..b)
    Halide::Func lut{"lut"};        // the equalization table, int32 in [0, 255]
    Halide::Func out{"out"};        // the output: lut(img)

    Algorithm() {
        using namespace Halide;
        const int bins = 256;  // = get_init_inputs() in reference.py
        r = RDom(0, img.dim(0).extent(), 0, img.dim(1).extent(), "r");
        rb = RDom(0, bins, "rb");
        bin(x, y) = clamp(cast<int32_t>(img(x, y)), 0, bins - 1);  // the clamp only states the range
        counts(b) = 0;
        counts(bin(r.x, r.y)) += 1;
        cdf(b) = sum(select(rb.x <= b, counts(rb.x), 0), "cdf_sum");
        Expr n = img.dim(0).extent() * img.dim(1).extent();
        Expr h0 = minimum(select(cdf(rb.x) > 0, cdf(rb.x), n), "h0_min");
        Expr d = n - h0;
        lut(b) = select(d > 0, (max(cdf(b) - h0, 0) * 255 + d / 2) / max(d, 1), b);
        out(x, y) = cast<uint8_t>(lut(bin(x, y)));
    }

    ekb::Kernel kernel() { return {{img}, {out}}; }
};

}  // namespace task
