// Halide reference algorithm for task `pose_heatmap_softargmax`: a keypoint heatmap head with
// soft-argmax decoding (integral pose regression):
//   h  = ReLU(conv3x3(feat, w1, pad 1) + b1)                 [C2, H, W]
//   hm = conv1x1(h, w2) + b2                                 [K, H, W]   output `hm`
//   mx[k] = max_{col,row} hm[k]; e = exp(hm - mx[k])
//   coords[k] = (sum e * col, sum e * row) / sum e           [K, 2]      output `coords`
// Halide dimension 0 is the last PyTorch dimension: feat(col, row, c, 0) is feat[0, c, row,
// col], w1(kx, ky, ci, co) is w1[co, ci, ky, kx], coords(j, k, 0) is coords[0, k, j]
// (j = 0: x, j = 1: y).
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    Halide::ImageParam feat{Halide::Float(32), 4, "feat"};  // [1, C, H, W]
    Halide::ImageParam w1{Halide::Float(32), 4, "w1"};      // [C2, C, 3, 3]
    Halide::ImageParam b1{Halide::Float(32), 1, "b1"};      // [C2]
    Halide::ImageParam w2{Halide::Float(32), 4, "w2"};      // [K, C2, 1, 1]
    Halide::ImageParam b2{Halide::Float(32), 1, "b2"};      // [K]
    Halide::Var col{"col"}, row{"row"}, c{"c"}, n{"n"};     // maps
    Halide::Var j{"j"}, k{"k"};                             // coords: (j, k, n)
    Halide::RDom r1;  // conv1: r1.x input channel (C), r1.y kx, r1.z ky
    Halide::RDom r2;  // the C2 channels of the 1x1 conv
    Halide::RDom rp;  // the H x W positions of a heatmap: rp.x col, rp.y row
    Halide::Func feat_pad{"feat_pad"}, conv1{"conv1"}, h{"h"}, conv2{"conv2"};
    Halide::Func mx{"mx"};    // the maximum of each heatmap
    Halide::Func e{"e"};      // exp(hm - mx)
    Halide::Func se{"se"}, sx{"sx"}, sy{"sy"};  // sum e, sum e col, sum e row
    Halide::Func hm{"hm"}, coords{"coords"};    // the outputs

    Algorithm() {
        using namespace Halide;
        Expr W = feat.dim(0).extent(), H = feat.dim(1).extent();
        r1 = RDom(0, feat.dim(2).extent(), 0, 3, 0, 3, "r1");
        r2 = RDom(0, w1.dim(3).extent(), "r2");
        rp = RDom(0, W, 0, H, "rp");
        feat_pad(col, row, c, n) = BoundaryConditions::constant_exterior(feat, 0.0f, {{0, W}, {0, H}})(col, row, c, n);
        conv1(col, row, c, n) = b1(c);
        conv1(col, row, c, n) += w1(r1.y, r1.z, r1.x, c) * feat_pad(col + r1.y - 1, row + r1.z - 1, r1.x, n);
        h(col, row, c, n) = max(conv1(col, row, c, n), 0.0f);
        conv2(col, row, c, n) = b2(c);
        conv2(col, row, c, n) += w2(0, 0, r2, c) * h(col, row, r2, n);
        hm(col, row, c, n) = conv2(col, row, c, n);
        mx(k, n) = Float(32).min();
        mx(k, n) = max(mx(k, n), hm(rp.x, rp.y, k, n));
        e(col, row, k, n) = exp(hm(col, row, k, n) - mx(k, n));
        se(k, n) = 0.0f;
        se(k, n) += e(rp.x, rp.y, k, n);
        sx(k, n) = 0.0f;
        sx(k, n) += e(rp.x, rp.y, k, n) * cast<float>(rp.x);
        sy(k, n) = 0.0f;
        sy(k, n) += e(rp.x, rp.y, k, n) * cast<float>(rp.y);
        coords(j, k, n) = select(j == 0, sx(k, n), sy(k, n)) / se(k, n);
    }

    ekb::Kernel kernel() { return {{feat, w1, b1, w2, b2}, {hm, coords}}; }
};

}  // namespace task
