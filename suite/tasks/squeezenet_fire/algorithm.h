// Halide reference algorithm for task `squeezenet_fire`: the SqueezeNet 1.1 Fire module.
//   s  = ReLU(conv1x1(x, w_s) + b_s)                 C -> S channels
//   e1 = ReLU(conv1x1(s, w_e1) + b_e1)               S -> E
//   e3 = ReLU(conv3x3(s, w_e3, pad 1) + b_e3)        S -> E
//   y  = cat[e1, e3] along the channels              2E
// Halide dimension 0 is the last PyTorch dimension: x(col, row, c, n) is x[n, c, row, col],
// w_e3(kx, ky, s, e) is w_e3[e, s, ky, kx].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    Halide::ImageParam x{Halide::Float(32), 4, "x"};        // [1, C, H, W]
    Halide::ImageParam w_s{Halide::Float(32), 4, "w_s"};    // [S, C, 1, 1]
    Halide::ImageParam b_s{Halide::Float(32), 1, "b_s"};    // [S]
    Halide::ImageParam w_e1{Halide::Float(32), 4, "w_e1"};  // [E, S, 1, 1]
    Halide::ImageParam b_e1{Halide::Float(32), 1, "b_e1"};  // [E]
    Halide::ImageParam w_e3{Halide::Float(32), 4, "w_e3"};  // [E, S, 3, 3]
    Halide::ImageParam b_e3{Halide::Float(32), 1, "b_e3"};  // [E]
    Halide::Var col{"col"}, row{"row"}, c{"c"}, n{"n"};
    Halide::RDom rc;  // the C input channels of the squeeze conv
    Halide::RDom rs;  // the S squeezed channels reduced by the expand 1x1 conv
    Halide::RDom r3;  // the expand 3x3 conv: r3.x, r3.y over the taps, r3.z over the S channels
    Halide::Func squeeze{"squeeze"};      // conv1x1(x, w_s): the reduction over rc
    Halide::Func s{"s"};                  // ReLU(squeeze + b_s)
    Halide::Func s_padded{"s_padded"};    // s, zero outside [0, W) x [0, H) (the pad of 1)
    Halide::Func expand1{"expand1"};      // conv1x1(s, w_e1): the reduction over rs
    Halide::Func e1{"e1"};                // ReLU(expand1 + b_e1)
    Halide::Func expand3{"expand3"};      // conv3x3(s_padded, w_e3): the reduction over r3
    Halide::Func e3{"e3"};                // ReLU(expand3 + b_e3)
    Halide::Func y{"y"};                  // cat[e1, e3]: the output

    Algorithm() {
        using namespace Halide;
        Expr W = x.dim(0).extent(), H = x.dim(1).extent();
        Expr S = w_s.dim(3).extent(), E = w_e1.dim(3).extent();
        rc = RDom(0, x.dim(2).extent(), "rc");
        rs = RDom(0, S, "rs");
        r3 = RDom(0, 3, 0, 3, 0, S, "r3");

        squeeze(col, row, c, n) = 0.0f;
        squeeze(col, row, c, n) += w_s(0, 0, rc, c) * x(col, row, rc, n);
        s(col, row, c, n) = max(squeeze(col, row, c, n) + b_s(c), 0.0f);
        s_padded(col, row, c, n) = BoundaryConditions::constant_exterior(s, 0.0f, {{0, W}, {0, H}})(col, row, c, n);

        expand1(col, row, c, n) = 0.0f;
        expand1(col, row, c, n) += w_e1(0, 0, rs, c) * s(col, row, rs, n);
        e1(col, row, c, n) = max(expand1(col, row, c, n) + b_e1(c), 0.0f);

        expand3(col, row, c, n) = 0.0f;
        expand3(col, row, c, n) += w_e3(r3.x, r3.y, r3.z, c) * s_padded(col + r3.x - 1, row + r3.y - 1, r3.z, n);
        e3(col, row, c, n) = max(expand3(col, row, c, n) + b_e3(c), 0.0f);

        // Channel indices clamped so that each branch is only evaluated on its own E channels.
        y(col, row, c, n) = select(c < E, e1(col, row, min(c, E - 1), n), e3(col, row, max(c - E, 0), n));
    }

    ekb::Kernel kernel() { return {{x, w_s, b_s, w_e1, b_e1, w_e3, b_e3}, {y}}; }
};

}  // namespace task
