// Halide reference algorithm for task `integral_image`: the summed-area table
// out[y, x] = sum of img[j, i] over j <= y, i <= x, as a scan along each row (x) followed by
// a scan down each column (y), accumulated in float32.
// Halide dimension 0 is the last PyTorch dimension: img(x, y) is img[y, x].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    Halide::ImageParam img{Halide::Float(32), 2, "img"};  // [H, W]
    Halide::Var x{"x"}, y{"y"};                           // out[y, x]
    Halide::RDom rx;                  // x = 1 .. W-1: the scan along a row
    Halide::RDom ry;                  // y = 1 .. H-1: the scan down a column
    Halide::Func row_sum{"row_sum"};  // row_sum(x, y) = sum of img(i, y) over i <= x
    Halide::Func col_sum{"col_sum"};  // col_sum(x, y) = sum of row_sum(x, j) over j <= y
    Halide::Func out{"out"};          // the output

    Algorithm() {
        rx = Halide::RDom(1, img.dim(0).extent() - 1, "rx");
        ry = Halide::RDom(1, img.dim(1).extent() - 1, "ry");
        row_sum(x, y) = img(x, y);
        row_sum(rx, y) = row_sum(rx - 1, y) + row_sum(rx, y);
        col_sum(x, y) = row_sum(x, y);
        col_sum(x, ry) = col_sum(x, ry - 1) + col_sum(x, ry);
        out(x, y) = col_sum(x, y);
    }

    ekb::Kernel kernel() { return {{img}, {out}}; }
};

}  // namespace task
