// Halide reference algorithm for task `unet_tiny_decoder_stage`: the U-Net Up stage
// (bilinear, align_corners=True), batch norm folded.
//   u   = bilinear 2x upsample of x, align_corners: source = dst * (H - 1) / (2H - 1)
//   cat = concat(skip, u) along the channels (skip first)
//   a   = ReLU(conv3x3(cat, w_a, pad 1) + b_a)        CS + CU -> CM
//   y   = ReLU(conv3x3(a, w_b, pad 1) + b_b)          CM -> CO
// As PyTorch's CPU kernel: the scale (in - 1) / (out - 1) in float, src = scale * dst,
// i0 = floor(src), i1 = min(i0 + 1, in - 1), weights (1 - l, l) with l = src - i0, rows
// blended after columns.
// Halide dimension 0 is the last PyTorch dimension: x(col, row, c, n) is x[n, c, row, col],
// w_a(kx, ky, ci, co) is w_a[co, ci, ky, kx].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    Halide::ImageParam x{Halide::Float(32), 4, "x"};        // [1, CU, H, W]
    Halide::ImageParam skip{Halide::Float(32), 4, "skip"};  // [1, CS, 2H, 2W]
    Halide::ImageParam w_a{Halide::Float(32), 4, "w_a"};    // [CM, CS + CU, 3, 3]
    Halide::ImageParam b_a{Halide::Float(32), 1, "b_a"};    // [CM]
    Halide::ImageParam w_b{Halide::Float(32), 4, "w_b"};    // [CO, CM, 3, 3]
    Halide::ImageParam b_b{Halide::Float(32), 1, "b_b"};    // [CO]
    // col, row: the output map (2W x 2H); c: the channel; n: the batch (extent 1).
    Halide::Var col{"col"}, row{"row"}, c{"c"}, n{"n"};
    Halide::RDom ra;   // conv a: ra.x, ra.y over the 3x3 taps, ra.z over the CS + CU channels
    Halide::RDom rb;   // conv b: the 3x3 taps and the CM channels
    Halide::Func up{"up"};                  // bilinear 2x upsample of x (CU channels)
    Halide::Func cat_padded{"cat_padded"};  // concat(skip, up), zero outside the map
    Halide::Func conv_a{"conv_a"};          // conv3x3(cat_padded, w_a)
    Halide::Func a{"a"};                    // ReLU(conv_a + b_a)
    Halide::Func a_padded{"a_padded"};      // a, zero outside the map
    Halide::Func conv_b{"conv_b"};          // conv3x3(a_padded, w_b)
    Halide::Func y{"y"};                    // ReLU(conv_b + b_b): the output

    Algorithm() {
        using namespace Halide;
        Expr W = x.dim(0).extent(), H = x.dim(1).extent(), CS = skip.dim(2).extent();
        Expr W2 = skip.dim(0).extent(), H2 = skip.dim(1).extent();
        ra = RDom(0, 3, 0, 3, 0, w_a.dim(2).extent(), "ra");
        rb = RDom(0, 3, 0, 3, 0, w_b.dim(2).extent(), "rb");

        Expr sx = cast<float>(W - 1) / cast<float>(W2 - 1) * cast<float>(col);
        Expr sy = cast<float>(H - 1) / cast<float>(H2 - 1) * cast<float>(row);
        Expr x0 = clamp(cast<int>(sx), 0, W - 1), y0 = clamp(cast<int>(sy), 0, H - 1);
        Expr x1 = min(x0 + 1, W - 1), y1 = min(y0 + 1, H - 1);
        Expr lx = sx - cast<float>(x0), ly = sy - cast<float>(y0);
        Expr top = (1.0f - lx) * x(x0, y0, c, n) + lx * x(x1, y0, c, n);
        Expr bot = (1.0f - lx) * x(x0, y1, c, n) + lx * x(x1, y1, c, n);
        up(col, row, c, n) = (1.0f - ly) * top + ly * bot;

        Func cat("cat");
        cat(col, row, c, n) = select(c < CS, skip(col, row, min(c, CS - 1), n), up(col, row, max(c - CS, 0), n));
        cat_padded(col, row, c, n) = BoundaryConditions::constant_exterior(cat, 0.0f, {{0, W2}, {0, H2}})(col, row, c, n);
        conv_a(col, row, c, n) = 0.0f;
        conv_a(col, row, c, n) += w_a(ra.x, ra.y, ra.z, c) * cat_padded(col + ra.x - 1, row + ra.y - 1, ra.z, n);
        a(col, row, c, n) = max(conv_a(col, row, c, n) + b_a(c), 0.0f);

        a_padded(col, row, c, n) = BoundaryConditions::constant_exterior(a, 0.0f, {{0, W2}, {0, H2}})(col, row, c, n);
        conv_b(col, row, c, n) = 0.0f;
        conv_b(col, row, c, n) += w_b(rb.x, rb.y, rb.z, c) * a_padded(col + rb.x - 1, row + rb.y - 1, rb.z, n);
        y(col, row, c, n) = max(conv_b(col, row, c, n) + b_b(c), 0.0f);
    }

    ekb::Kernel kernel() { return {{x, skip, w_a, b_a, w_b, b_b}, {y}}; }
};

}  // namespace task
