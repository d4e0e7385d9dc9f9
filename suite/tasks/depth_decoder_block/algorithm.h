// Halide reference algorithm for task `depth_decoder_block`: a Monodepth2 decoder block.
//   up   = nearest 2x upsample of x
//   cat  = concat(up, skip) over the channels
//   act  = ELU(conv3x3(mirror_interior(cat), w1) + b1)
//   disp = sigmoid(conv3x3(mirror_interior(act), w2) + b2)
// mirror_interior is PyTorch's 'reflect' padding. Halide dimension 0 is the last PyTorch
// dimension: x(col, row, c, n) is x[n, c, row, col] and w1(kx, ky, ci, co) is w1[co, ci, ky, kx].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    Halide::ImageParam x{Halide::Float(32), 4, "x"};        // [1, C_in, H, W]
    Halide::ImageParam skip{Halide::Float(32), 4, "skip"};  // [1, C_skip, 2H, 2W]
    Halide::ImageParam w1{Halide::Float(32), 4, "w1"};      // [C_out, C_in + C_skip, 3, 3]
    Halide::ImageParam b1{Halide::Float(32), 1, "b1"};      // [C_out]
    Halide::ImageParam w2{Halide::Float(32), 4, "w2"};      // [1, C_out, 3, 3]
    Halide::ImageParam b2{Halide::Float(32), 1, "b2"};      // [1]
    Halide::Var col{"col"}, row{"row"}, c{"c"}, n{"n"};     // on the 2H x 2W grid
    Halide::RDom r1;  // conv1 taps: r1.x, r1.y over the 3x3 window, r1.z the input channels
    Halide::RDom r2;  // conv2 taps: r2.x, r2.y over the 3x3 window, r2.z the channels of act
    Halide::Func up{"up"};            // x upsampled 2x, nearest
    Halide::Func cat{"cat"};          // channels [0, C_in) from up, [C_in, C_in + C_skip) from skip
    Halide::Func cat_pad{"cat_pad"};  // cat, reflection-padded (mirror_interior)
    Halide::Func conv1{"conv1"};      // conv3x3(cat_pad, w1): a reduction over r1
    Halide::Func act{"act"};          // ELU(conv1 + b1)
    Halide::Func act_pad{"act_pad"};  // act, reflection-padded (mirror_interior)
    Halide::Func conv2{"conv2"};      // conv3x3(act_pad, w2): a reduction over r2
    Halide::Func disp{"disp"};        // the output: sigmoid(conv2 + b2)

    Algorithm() {
        using namespace Halide;
        Expr C_in = x.dim(2).extent();
        Expr W2 = skip.dim(0).extent(), H2 = skip.dim(1).extent();
        r1 = RDom(0, 3, 0, 3, 0, w1.dim(2).extent(), "r1");
        r2 = RDom(0, 3, 0, 3, 0, w2.dim(2).extent(), "r2");

        up(col, row, c, n) = x(col / 2, row / 2, c, n);
        cat(col, row, c, n) = select(c < C_in, up(col, row, min(c, C_in - 1), n),
                                     skip(col, row, max(c - C_in, 0), n));
        cat_pad(col, row, c, n) =
            BoundaryConditions::mirror_interior(cat, {{0, W2}, {0, H2}})(col, row, c, n);
        conv1(col, row, c, n) = 0.0f;
        conv1(col, row, c, n) += w1(r1.x, r1.y, r1.z, c) * cat_pad(col + r1.x - 1, row + r1.y - 1, r1.z, n);
        Expr v = conv1(col, row, c, n) + b1(c);
        act(col, row, c, n) = select(v > 0.0f, v, exp(v) - 1.0f);
        act_pad(col, row, c, n) =
            BoundaryConditions::mirror_interior(act, {{0, W2}, {0, H2}})(col, row, c, n);
        conv2(col, row, c, n) = 0.0f;
        conv2(col, row, c, n) += w2(r2.x, r2.y, r2.z, c) * act_pad(col + r2.x - 1, row + r2.y - 1, r2.z, n);
        disp(col, row, c, n) = 1.0f / (1.0f + exp(-(conv2(col, row, c, n) + b2(c))));
    }

    ekb::Kernel kernel() { return {{x, skip, w1, b1, w2, b2}, {disp}}; }
};

}  // namespace task
