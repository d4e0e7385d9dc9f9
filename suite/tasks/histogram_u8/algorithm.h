// Halide reference algorithm for task `histogram_u8`: the 256-bin histogram of a uint8 image,
// hist[b] = the number of pixels equal to b, as int32.
// Halide dimension 0 is the last PyTorch dimension: img(x, y) is img[y, x].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    Halide::ImageParam img{Halide::UInt(8), 2, "img"};  // [H, W]
    Halide::Var b{"b"};                                 // hist[b]: the bin
    Halide::RDom r;                                     // r.x: column, r.y: row of img
    Halide::Var x{"x"}, y{"y"};                         // bin[y, x]
    Halide::Func bin{"bin"};        // the bin of each pixel: img widened to int32, in [0, 256)
    Halide::Func counts{"counts"};  // zero, then +1 at bin(r.x, r.y) for every pixel
    Halide::Func hist{"hist"};      // the output: counts

    Algorithm() {
        using namespace Halide;
        const int bins = 256;  // = get_init_inputs() in reference.py
        r = RDom(0, img.dim(0).extent(), 0, img.dim(1).extent(), "r");
        // a uint8 pixel is always a bin in [0, bins); the clamp only states it
        bin(x, y) = clamp(cast<int32_t>(img(x, y)), 0, bins - 1);
        counts(b) = 0;
        counts(bin(r.x, r.y)) += 1;
        hist(b) = counts(b);
    }

    ekb::Kernel kernel() { return {{img}, {hist}}; }
};

}  // namespace task
