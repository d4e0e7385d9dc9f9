// Halide reference algorithm for task `groupnorm_silu`: GroupNorm with G = 8 groups and a
// per-channel affine transform, then SiLU, NCHW at batch 1:
//   normed = (x - mean_g) / sqrt(var_g + eps) * weight[c] + bias[c]
//   output = normed * sigmoid(normed)
// mean_g and the biased variance var_g are taken over the C / G channels of a group and all
// H x W pixels (two passes: the mean, then the mean of squared deviations), as PyTorch.
// Halide dimension 0 is the last PyTorch dimension: x(col, row, c, n) is x[n, c, row, col].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    static constexpr int groups = 8;     // = get_init_inputs() in reference.py
    static constexpr float eps = 1e-5f;  // = get_init_inputs() in reference.py

    Halide::ImageParam x{Halide::Float(32), 4, "x"};            // [1, C, H, W]
    Halide::ImageParam weight{Halide::Float(32), 1, "weight"};  // [C]
    Halide::ImageParam bias{Halide::Float(32), 1, "bias"};      // [C]
    // col: W (dim 0), row: H (dim 1), c: the channel, n: the batch (dim 3, extent 1);
    // g: the group of the per-group stages.
    Halide::Var col{"col"}, row{"row"}, c{"c"}, n{"n"}, g{"g"};
    Halide::RDom r;  // one group: r.x over columns, r.y over rows, r.z over its C / G channels
    Halide::Func sum_x{"sum_x"};        // sum of the group
    Halide::Func mean{"mean"};          // sum_x / (H * W * C / G)
    Halide::Func xc{"xc"};              // the centred input x - mean of its group
    Halide::Func sum_sq{"sum_sq"};      // sum of xc^2 over the group
    Halide::Func variance{"variance"};  // sum_sq / (H * W * C / G) (biased)
    Halide::Func rstd{"rstd"};          // 1 / sqrt(variance + eps)
    Halide::Func normed{"normed"};      // xc * rstd * weight + bias: the GroupNorm output
    Halide::Func sig{"sig"};            // sigmoid(normed) = 1 / (1 + exp(-normed))
    Halide::Func output{"output"};      // SiLU: normed * sig, the output

    Algorithm() {
        using namespace Halide;
        Expr W = x.dim(0).extent(), H = x.dim(1).extent();
        Expr cpg = x.dim(2).extent() / groups;  // channels per group
        Expr count = cast<float>(W * H * cpg);
        r = RDom(0, W, 0, H, 0, cpg, "r");
        sum_x(g, n) = 0.0f;
        sum_x(g, n) += x(r.x, r.y, g * cpg + r.z, n);
        mean(g, n) = sum_x(g, n) / count;
        xc(col, row, c, n) = x(col, row, c, n) - mean(c / cpg, n);
        sum_sq(g, n) = 0.0f;
        sum_sq(g, n) += xc(r.x, r.y, g * cpg + r.z, n) * xc(r.x, r.y, g * cpg + r.z, n);
        variance(g, n) = sum_sq(g, n) / count;
        rstd(g, n) = 1.0f / sqrt(variance(g, n) + eps);
        normed(col, row, c, n) = xc(col, row, c, n) * rstd(c / cpg, n) * weight(c) + bias(c);
        sig(col, row, c, n) = 1.0f / (1.0f + exp(-normed(col, row, c, n)));
        output(col, row, c, n) = normed(col, row, c, n) * sig(col, row, c, n);
    }

    ekb::Kernel kernel() { return {{x, weight, bias}, {output}}; }
};

}  // namespace task
