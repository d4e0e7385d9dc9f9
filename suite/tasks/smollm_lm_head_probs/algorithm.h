// Halide reference algorithm for task `smollm_lm_head_probs`: the sampling head of a LLaMA-
// style model at decode:
//   h = x * rsqrt(mean(x^2) + eps) * norm_w
//   z[v] = (sum_k emb[v, k] h[k]) / temperature
//   p[v] = exp(z[v] - max z) / sum_v exp(z[v] - max z)
// Halide dimension 0 is the last PyTorch dimension: emb(k, v) is emb[v, k].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    static constexpr float temperature = 0.7f;  // = get_init_inputs() in reference.py
    static constexpr float eps = 1e-5f;

    Halide::ImageParam x{Halide::Float(32), 1, "x"};            // [D]
    Halide::ImageParam norm_w{Halide::Float(32), 1, "norm_w"};  // [D]
    Halide::ImageParam emb{Halide::Float(32), 2, "emb"};        // [V, D]

    Halide::Var k{"k"}, v{"v"};
    Halide::RDom rk;  // over the D features
    Halide::RDom rv;  // over the V tokens
    Halide::Func ss{"ss"};          // sum x^2
    Halide::Func h{"h"};            // the normed hidden state
    Halide::Func logit{"logit"};    // emb h (v)
    Halide::Func z{"z"};            // logit / temperature
    Halide::Func zmax{"zmax"};      // max z (starts from the first)
    Halide::Func ex{"ex"};          // exp(z - zmax)
    Halide::Func esum{"esum"};      // sum ex
    Halide::Func p{"p"};            // ex / esum: the output

    Algorithm() {
        using namespace Halide;
        Expr D = x.dim(0).extent(), V = emb.dim(1).extent();
        rk = RDom(0, D, "rk");
        rv = RDom(0, V, "rv");
        ss() = 0.0f;
        ss() += x(rk) * x(rk);
        h(k) = x(k) * (1.0f / sqrt(ss() / cast<float>(D) + eps)) * norm_w(k);
        logit(v) = 0.0f;
        logit(v) += emb(rk, v) * h(rk);
        z(v) = logit(v) / temperature;
        zmax() = z(0);
        zmax() = max(zmax(), z(rv));
        ex(v) = exp(z(v) - zmax());
        esum() = 0.0f;
        esum() += ex(rv);
        p(v) = ex(v) / esum();
    }

    ekb::Kernel kernel() { return {{x, norm_w, emb}, {p}}; }
};

}  // namespace task
