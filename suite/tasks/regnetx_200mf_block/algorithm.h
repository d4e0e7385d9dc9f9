// Halide reference algorithm for task `regnetx_200mf_block`: the stride-1 RegNetX
// ResBottleneckBlock with identity shortcut (bottleneck ratio 1, batch norm folded).
//   h_a = ReLU(conv1x1(x, w_a) + b_a)                          C -> C
//   h_b = ReLU(gconv3x3(h_a, w_b, pad 1, groups of GW) + b_b)  channel k reads group k / GW
//   y   = ReLU(conv1x1(h_b, w_c) + b_c + x)
// Halide dimension 0 is the last PyTorch dimension: x(col, row, c, n) is x[n, c, row, col].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    Halide::ImageParam x{Halide::Float(32), 4, "x"};      // [1, C, H, W]
    Halide::ImageParam w_a{Halide::Float(32), 4, "w_a"};  // [C, C, 1, 1]
    Halide::ImageParam b_a{Halide::Float(32), 1, "b_a"};  // [C]
    Halide::ImageParam w_b{Halide::Float(32), 4, "w_b"};  // [C, GW, 3, 3]
    Halide::ImageParam b_b{Halide::Float(32), 1, "b_b"};  // [C]
    Halide::ImageParam w_c{Halide::Float(32), 4, "w_c"};  // [C, C, 1, 1]
    Halide::ImageParam b_c{Halide::Float(32), 1, "b_c"};  // [C]
    Halide::Var col{"col"}, row{"row"}, c{"c"}, n{"n"};
    Halide::RDom ra;  // the C input channels of conv a
    Halide::RDom rb;  // conv b: rb.x, rb.y over the 3x3 taps, rb.z over the GW channels of the group
    Halide::RDom rc;  // the C input channels of conv c
    Halide::Func conv_a{"conv_a"};          // conv1x1(x, w_a)
    Halide::Func h_a{"h_a"};                // ReLU(conv_a + b_a)
    Halide::Func h_a_padded{"h_a_padded"};  // h_a, zero outside [0, W) x [0, H)
    Halide::Func conv_b{"conv_b"};          // the grouped 3x3 conv of h_a_padded
    Halide::Func h_b{"h_b"};                // ReLU(conv_b + b_b)
    Halide::Func conv_c{"conv_c"};          // conv1x1(h_b, w_c)
    Halide::Func y{"y"};                    // ReLU(conv_c + b_c + x): the output

    Algorithm() {
        using namespace Halide;
        Expr W = x.dim(0).extent(), H = x.dim(1).extent(), C = x.dim(2).extent();
        Expr GW = w_b.dim(2).extent();
        ra = RDom(0, C, "ra");
        rb = RDom(0, 3, 0, 3, 0, GW, "rb");
        rc = RDom(0, C, "rc");

        conv_a(col, row, c, n) = 0.0f;
        conv_a(col, row, c, n) += w_a(0, 0, ra, c) * x(col, row, ra, n);
        h_a(col, row, c, n) = max(conv_a(col, row, c, n) + b_a(c), 0.0f);
        h_a_padded(col, row, c, n) = BoundaryConditions::constant_exterior(h_a, 0.0f, {{0, W}, {0, H}})(col, row, c, n);

        conv_b(col, row, c, n) = 0.0f;
        conv_b(col, row, c, n) += w_b(rb.x, rb.y, rb.z, c) * h_a_padded(col + rb.x - 1, row + rb.y - 1, (c / GW) * GW + rb.z, n);
        h_b(col, row, c, n) = max(conv_b(col, row, c, n) + b_b(c), 0.0f);

        conv_c(col, row, c, n) = 0.0f;
        conv_c(col, row, c, n) += w_c(0, 0, rc, c) * h_b(col, row, rc, n);
        y(col, row, c, n) = max(conv_c(col, row, c, n) + b_c(c) + x(col, row, c, n), 0.0f);
    }

    ekb::Kernel kernel() { return {{x, w_a, b_a, w_b, b_b, w_c, b_c}, {y}}; }
};

}  // namespace task
