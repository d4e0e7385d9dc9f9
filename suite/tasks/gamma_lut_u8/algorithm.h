// Halide reference algorithm for task `gamma_lut_u8`: a 256-entry uint8 lookup table applied
// to a uint8 image, out = lut[img].
// Halide dimension 0 is the last PyTorch dimension: img(x, y) is img[y, x].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    Halide::ImageParam img{Halide::UInt(8), 2, "img"};  // [H, W]
    Halide::ImageParam lut{Halide::UInt(8), 1, "lut"};  // [256]
    Halide::Var x{"x"}, y{"y"};                         // out[y, x]
    Halide::Func index{"index"};  // img widened to an int32 table index, in [0, 255]
    Halide::Func out{"out"};      // the output: lut[index]

    Algorithm() {
        using namespace Halide;
        // a uint8 index is always in [0, 255], inside the 256 entries of lut
        index(x, y) = cast<int32_t>(img(x, y));
        out(x, y) = lut(index(x, y));
    }

    ekb::Kernel kernel() { return {{img, lut}, {out}}; }
};

}  // namespace task
