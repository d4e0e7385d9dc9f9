// Halide reference algorithm for task `avgpool_fc_head`: global average pool + linear layer.
//   pooled[c] = mean over (H, W) of x[0, c]
//   logits[0, k] = bias[k] + sum_c weight[k, c] * pooled[c]
// Halide dimension 0 is the last PyTorch dimension: x(col, row, c, n) is x[n, c, row, col],
// weight(c, k) is weight[k, c], logits(k, n) is logits[n, k].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    Halide::ImageParam x{Halide::Float(32), 4, "x"};            // [1, C, H, W]
    Halide::ImageParam weight{Halide::Float(32), 2, "weight"};  // [K, C]
    Halide::ImageParam bias{Halide::Float(32), 1, "bias"};      // [K]
    // c: the channel (C) in the pooling stages, the class (K) in fc and logits; n: the batch.
    Halide::Var c{"c"}, n{"n"};
    Halide::RDom rxy;  // the spatial positions pooled: rxy.x over columns, rxy.y over rows
    Halide::RDom rc;   // the channels reduced by the linear layer (C)
    Halide::Func pool_sum{"pool_sum"};  // sum over (H, W) of x: the reduction over rxy
    Halide::Func pooled{"pooled"};      // pool_sum / (H * W): the global average
    Halide::Func fc{"fc"};              // weight . pooled: the reduction over rc
    Halide::Func logits{"logits"};      // fc + bias: the output

    Algorithm() {
        using namespace Halide;
        Expr W = x.dim(0).extent(), H = x.dim(1).extent();
        rxy = RDom(0, W, 0, H, "rxy");
        rc = RDom(0, x.dim(2).extent(), "rc");

        pool_sum(c, n) = 0.0f;
        pool_sum(c, n) += x(rxy.x, rxy.y, c, n);
        pooled(c, n) = pool_sum(c, n) / cast<float>(W * H);

        fc(c, n) = 0.0f;
        fc(c, n) += weight(rc, c) * pooled(rc, n);
        logits(c, n) = fc(c, n) + bias(c);
    }

    ekb::Kernel kernel() { return {{x, weight, bias}, {logits}}; }
};

}  // namespace task
