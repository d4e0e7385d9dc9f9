// Halide reference algorithm for task `fpn_topdown_merge`: one top-down step of an FPN
// (torchvision FeaturePyramidNetwork).
//   merged = conv1x1(c, w_inner) + b_inner + top(col / 2, row / 2)    CI -> CO, nearest 2x
//   out    = conv3x3(merged, w_layer, pad 1) + b_layer                 CO -> CO
// Halide dimension 0 is the last PyTorch dimension: c(col, row, ch, n) is c[n, ch, row, col],
// w_layer(kx, ky, ci, co) is w_layer[co, ci, ky, kx].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    Halide::ImageParam c{Halide::Float(32), 4, "c"};                // [1, CI, 2HT, 2WT]
    Halide::ImageParam top{Halide::Float(32), 4, "top"};            // [1, CO, HT, WT]
    Halide::ImageParam w_inner{Halide::Float(32), 4, "w_inner"};    // [CO, CI, 1, 1]
    Halide::ImageParam b_inner{Halide::Float(32), 1, "b_inner"};    // [CO]
    Halide::ImageParam w_layer{Halide::Float(32), 4, "w_layer"};    // [CO, CO, 3, 3]
    Halide::ImageParam b_layer{Halide::Float(32), 1, "b_layer"};    // [CO]
    Halide::Var col{"col"}, row{"row"}, ch{"ch"}, n{"n"};
    Halide::RDom ri;  // the CI channels of the lateral conv
    Halide::RDom rl;  // the 3x3 conv: taps and the CO channels
    Halide::Func lateral{"lateral"};            // conv1x1(c, w_inner)
    Halide::Func merged{"merged"};              // lateral + b_inner + upsampled top: output 0
    Halide::Func merged_padded{"merged_padded"};
    Halide::Func conv{"conv"};                  // conv3x3(merged_padded, w_layer)
    Halide::Func out{"out"};                    // conv + b_layer: output 1

    Algorithm() {
        using namespace Halide;
        Expr W = c.dim(0).extent(), H = c.dim(1).extent();
        ri = RDom(0, c.dim(2).extent(), "ri");
        rl = RDom(0, 3, 0, 3, 0, top.dim(2).extent(), "rl");

        lateral(col, row, ch, n) = 0.0f;
        lateral(col, row, ch, n) += w_inner(0, 0, ri, ch) * c(col, row, ri, n);
        merged(col, row, ch, n) = lateral(col, row, ch, n) + b_inner(ch) + top(col / 2, row / 2, ch, n);
        merged_padded(col, row, ch, n) =
            BoundaryConditions::constant_exterior(merged, 0.0f, {{0, W}, {0, H}})(col, row, ch, n);
        conv(col, row, ch, n) = 0.0f;
        conv(col, row, ch, n) += w_layer(rl.x, rl.y, rl.z, ch) * merged_padded(col + rl.x - 1, row + rl.y - 1, rl.z, n);
        out(col, row, ch, n) = conv(col, row, ch, n) + b_layer(ch);
    }

    ekb::Kernel kernel() { return {{c, top, w_inner, b_inner, w_layer, b_layer}, {merged, out}}; }
};

}  // namespace task
