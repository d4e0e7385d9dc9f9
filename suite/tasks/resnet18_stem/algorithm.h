// Halide reference algorithm for task `resnet18_stem`: ResNet-18's conv1 + bn1 + relu +
// maxpool (batch norm folded).
//   r = ReLU(conv7x7(x, w, pad 3, stride 2) + b)     CI -> C, Hc x Wc = (H-1)/2+1 x (W-1)/2+1
//   y = maxpool3x3(r, stride 2, pad 1)               (Hc-1)/2+1 x (Wc-1)/2+1
// The pool's padding is -inf in PyTorch, so a window's maximum comes from its real pixels:
// the pool reads r with clamped coordinates (a repeated edge pixel never changes a maximum).
// Halide dimension 0 is the last PyTorch dimension: x(col, row, c, n) is x[n, c, row, col].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    Halide::ImageParam x{Halide::Float(32), 4, "x"};  // [1, CI, H, W]
    Halide::ImageParam w{Halide::Float(32), 4, "w"};  // [C, CI, 7, 7]
    Halide::ImageParam b{Halide::Float(32), 1, "b"};  // [C]
    Halide::Var col{"col"}, row{"row"}, c{"c"}, n{"n"};
    Halide::RDom rw;  // the conv taps: rw.x, rw.y over the 7x7 window, rw.z over the CI channels
    Halide::Func x_padded{"x_padded"};  // x, zero outside [0, W) x [0, H)
    Halide::Func conv{"conv"};          // conv7x7 stride 2 of x_padded, Hc x Wc
    Halide::Func r{"r"};                // ReLU(conv + b)
    Halide::Func r_clamped{"r_clamped"};  // r at coordinates clamped into [0, Wc) x [0, Hc)
    Halide::Func y{"y"};                // the 3x3 stride-2 max pool: the output

    Algorithm() {
        using namespace Halide;
        Expr W = x.dim(0).extent(), H = x.dim(1).extent();
        Expr Wc = (W - 1) / 2 + 1, Hc = (H - 1) / 2 + 1;
        rw = RDom(0, 7, 0, 7, 0, x.dim(2).extent(), "rw");
        x_padded(col, row, c, n) = BoundaryConditions::constant_exterior(x, 0.0f, {{0, W}, {0, H}})(col, row, c, n);
        conv(col, row, c, n) = 0.0f;
        conv(col, row, c, n) += w(rw.x, rw.y, rw.z, c) * x_padded(2 * col + rw.x - 3, 2 * row + rw.y - 3, rw.z, n);
        r(col, row, c, n) = max(conv(col, row, c, n) + b(c), 0.0f);
        r_clamped(col, row, c, n) = BoundaryConditions::repeat_edge(r, {{0, Wc}, {0, Hc}})(col, row, c, n);
        // The 3x3 window's maximum, written out tap by tap.
        Expr m;
        for (int ky = 0; ky < 3; ky++) {
            for (int kx = 0; kx < 3; kx++) {
                Expr v = r_clamped(2 * col + kx - 1, 2 * row + ky - 1, c, n);
                m = m.defined() ? max(m, v) : v;
            }
        }
        y(col, row, c, n) = m;
    }

    ekb::Kernel kernel() { return {{x, w, b}, {y}}; }
};

}  // namespace task
