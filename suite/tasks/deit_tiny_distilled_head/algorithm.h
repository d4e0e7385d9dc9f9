// Halide reference algorithm for task `deit_tiny_distilled_head`: the DeiT distilled head at
// inference:
//   n_r = (x[r] - mean) * rstd * ln_w + ln_b     for the class (r = 0) and distillation (r = 1) tokens
//   logits[n] = ((n_0 . W[n] + b[n]) + (n_1 . Wd[n] + bd[n])) / 2
// Halide dimension 0 is the last PyTorch dimension: x(c, t) is x[t, c], W(c, n) is W[n, c].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    static constexpr float eps = 1e-6f;  // = get_init_inputs() in reference.py

    Halide::ImageParam x{Halide::Float(32), 2, "x"};        // [T, D]
    Halide::ImageParam ln_w{Halide::Float(32), 1, "ln_w"};  // [D]
    Halide::ImageParam ln_b{Halide::Float(32), 1, "ln_b"};  // [D]
    Halide::ImageParam W{Halide::Float(32), 2, "W"};        // [N, D]
    Halide::ImageParam b{Halide::Float(32), 1, "b"};        // [N]
    Halide::ImageParam Wd{Halide::Float(32), 2, "Wd"};      // [N, D]
    Halide::ImageParam bd{Halide::Float(32), 1, "bd"};      // [N]

    Halide::Var c{"c"}, r{"r"}, n{"n"};  // c a feature, r the token (0 or 1), n a class
    Halide::RDom rk;                     // over the D features
    Halide::Func sum{"sum"}, mean{"mean"}, sum_sq{"sum_sq"}, rstd{"rstd"};  // LayerNorm statistics per token
    Halide::Func nrm{"nrm"};             // the normalized tokens (c, r), r in {0, 1}
    Halide::Func cls_dot{"cls_dot"};     // n_0 . W[n]
    Halide::Func dist_dot{"dist_dot"};   // n_1 . Wd[n]
    Halide::Func logits{"logits"};       // the output

    Algorithm() {
        using namespace Halide;
        Expr D = x.dim(0).extent();
        rk = RDom(0, D, "rk");
        Expr cnt = cast<float>(D);
        sum(r) = 0.0f;
        sum(r) += x(rk, r);
        mean(r) = sum(r) / cnt;
        sum_sq(r) = 0.0f;
        sum_sq(r) += (x(rk, r) - mean(r)) * (x(rk, r) - mean(r));
        rstd(r) = 1.0f / sqrt(sum_sq(r) / cnt + eps);
        nrm(c, r) = (x(c, r) - mean(r)) * rstd(r) * ln_w(c) + ln_b(c);
        cls_dot(n) = 0.0f;
        cls_dot(n) += nrm(rk, 0) * W(rk, n);
        dist_dot(n) = 0.0f;
        dist_dot(n) += nrm(rk, 1) * Wd(rk, n);
        logits(n) = ((cls_dot(n) + b(n)) + (dist_dot(n) + bd(n))) * 0.5f;
    }

    ekb::Kernel kernel() { return {{x, ln_w, ln_b, W, b, Wd, bd}, {logits}}; }
};

}  // namespace task
