// Halide reference algorithm for task `unet_tiny_encoder_stage`: the U-Net Down stage,
// batch norm folded.
//   p = maxpool2x2 stride 2 (x)                    [1, CI, H/2, W/2] (floor)
//   a = ReLU(conv3x3(p, w_a, pad 1) + b_a)         CI -> CO
//   y = ReLU(conv3x3(a, w_b, pad 1) + b_b)         CO -> CO
// Halide dimension 0 is the last PyTorch dimension: x(col, row, c, n) is x[n, c, row, col],
// w_a(kx, ky, ci, co) is w_a[co, ci, ky, kx].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    Halide::ImageParam x{Halide::Float(32), 4, "x"};      // [1, CI, H, W]
    Halide::ImageParam w_a{Halide::Float(32), 4, "w_a"};  // [CO, CI, 3, 3]
    Halide::ImageParam b_a{Halide::Float(32), 1, "b_a"};  // [CO]
    Halide::ImageParam w_b{Halide::Float(32), 4, "w_b"};  // [CO, CO, 3, 3]
    Halide::ImageParam b_b{Halide::Float(32), 1, "b_b"};  // [CO]
    // col, row: the pooled map (W/2 x H/2); c: the channel; n: the batch (extent 1).
    Halide::Var col{"col"}, row{"row"}, c{"c"}, n{"n"};
    Halide::RDom ra;   // conv a: ra.x, ra.y over the 3x3 taps, ra.z over the CI channels
    Halide::RDom rb;   // conv b: the 3x3 taps and the CO channels
    Halide::Func p_padded{"p_padded"};  // maxpool2x2 s2 (x), zero outside the pooled map
    Halide::Func conv_a{"conv_a"};      // conv3x3(p_padded, w_a)
    Halide::Func a{"a"};                // ReLU(conv_a + b_a)
    Halide::Func a_padded{"a_padded"};  // a, zero outside the map
    Halide::Func conv_b{"conv_b"};      // conv3x3(a_padded, w_b)
    Halide::Func y{"y"};                // ReLU(conv_b + b_b): the output

    Algorithm() {
        using namespace Halide;
        Expr Wp = x.dim(0).extent() / 2, Hp = x.dim(1).extent() / 2;
        ra = RDom(0, 3, 0, 3, 0, x.dim(2).extent(), "ra");
        rb = RDom(0, 3, 0, 3, 0, w_b.dim(2).extent(), "rb");

        Func p("p");
        p(col, row, c, n) = max(max(x(2 * col, 2 * row, c, n), x(2 * col + 1, 2 * row, c, n)),
                                max(x(2 * col, 2 * row + 1, c, n), x(2 * col + 1, 2 * row + 1, c, n)));
        p_padded(col, row, c, n) = BoundaryConditions::constant_exterior(p, 0.0f, {{0, Wp}, {0, Hp}})(col, row, c, n);
        conv_a(col, row, c, n) = 0.0f;
        conv_a(col, row, c, n) += w_a(ra.x, ra.y, ra.z, c) * p_padded(col + ra.x - 1, row + ra.y - 1, ra.z, n);
        a(col, row, c, n) = max(conv_a(col, row, c, n) + b_a(c), 0.0f);

        a_padded(col, row, c, n) = BoundaryConditions::constant_exterior(a, 0.0f, {{0, Wp}, {0, Hp}})(col, row, c, n);
        conv_b(col, row, c, n) = 0.0f;
        conv_b(col, row, c, n) += w_b(rb.x, rb.y, rb.z, c) * a_padded(col + rb.x - 1, row + rb.y - 1, rb.z, n);
        y(col, row, c, n) = max(conv_b(col, row, c, n) + b_b(c), 0.0f);
    }

    ekb::Kernel kernel() { return {{x, w_a, b_a, w_b, b_b}, {y}}; }
};

}  // namespace task
