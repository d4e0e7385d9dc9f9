// Halide reference algorithm for task `embedding_layernorm`: the input layer of a BERT
// encoder at batch 1, token embedding lookup + learned absolute position embedding
// (positions 0 .. T-1), then LayerNorm over the hidden dimension:
//   emb[t, :] = tok_emb[ids[t], :] + pos_emb[t, :]
//   y[t, :]   = (emb - mean) / sqrt(var + eps) * weight + bias
// with the biased variance (the mean of squared deviations, as PyTorch), all in float32.
// Halide dimension 0 is the last PyTorch dimension: tok_emb(d, v) is tok_emb[v, d],
// ids(t, b) is ids[b, t], y(d, t, b) is y[b, t, d].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    static constexpr float eps = 1e-12f;  // = get_init_inputs() in reference.py (BERT's)

    Halide::ImageParam ids{Halide::Int(32), 2, "ids"};            // [1, T]
    Halide::ImageParam tok_emb{Halide::Float(32), 2, "tok_emb"};  // [V, D]
    Halide::ImageParam pos_emb{Halide::Float(32), 2, "pos_emb"};  // [P, D], P >= T
    Halide::ImageParam weight{Halide::Float(32), 1, "weight"};    // [D]
    Halide::ImageParam bias{Halide::Float(32), 1, "bias"};        // [D]
    Halide::Var d{"d"}, t{"t"}, b{"b"};  // y[b, t, d]: d hidden (D), t tokens (T), b batch (1)
    Halide::RDom k;                      // over the hidden dimension of a row
    Halide::Func row{"row"};            // the table row of token t, clamped to [0, V-1] (valid
                                        // ids are unchanged; the clamp bounds the table access)
    Halide::Func emb{"emb"};            // tok_emb[row] + pos_emb[t]: the summed embedding
    Halide::Func sum_x{"sum_x"};        // sum of the row of emb
    Halide::Func mean{"mean"};          // sum_x / D
    Halide::Func xc{"xc"};              // the centred embedding emb - mean
    Halide::Func sum_sq{"sum_sq"};      // sum of xc^2 over the row
    Halide::Func variance{"variance"};  // sum_sq / D (biased)
    Halide::Func rstd{"rstd"};          // 1 / sqrt(variance + eps)
    Halide::Func y{"y"};                // the output: xc * rstd * weight + bias

    Algorithm() {
        Halide::Expr n = Halide::cast<float>(tok_emb.dim(0).extent());
        k = Halide::RDom(0, tok_emb.dim(0).extent(), "k");
        row(t, b) = Halide::clamp(ids(t, b), 0, tok_emb.dim(1).extent() - 1);
        emb(d, t, b) = tok_emb(d, row(t, b)) + pos_emb(d, t);
        sum_x(t, b) = 0.0f;
        sum_x(t, b) += emb(k, t, b);
        mean(t, b) = sum_x(t, b) / n;
        xc(d, t, b) = emb(d, t, b) - mean(t, b);
        sum_sq(t, b) = 0.0f;
        sum_sq(t, b) += xc(k, t, b) * xc(k, t, b);
        variance(t, b) = sum_sq(t, b) / n;
        rstd(t, b) = 1.0f / Halide::sqrt(variance(t, b) + eps);
        y(d, t, b) = xc(d, t, b) * rstd(t, b) * weight(d) + bias(d);
    }

    ekb::Kernel kernel() { return {{ids, tok_emb, pos_emb, weight, bias}, {y}}; }
};

}  // namespace task
