// Halide reference algorithm for task `gpt2_block`: a GPT-2 block (HF GPT2Block) at prefill,
// batch 1, D / 64 heads of 64, MLP width 4D, weights in the HF Conv1D layout [in, out]:
//   qkv = LN1(x) W_attn + b_attn                 [T, 3D]: q | k | v, head h at columns h*64 ...
//   ctx[t, h*64 + d] = sum_{s <= t} softmax_{s <= t}(q_h[t] . k_h[s] / 8) v_h[s, d]
//   x1 = x + ctx W_proj + b_proj
//   y  = x1 + gelu_tanh(LN2(x1) W_fc + b_fc) W_mproj + b_mproj
// The causal mask is the predicate s <= t of the three reductions over the keys.
// Halide dimension 0 is the last PyTorch dimension: x(c, t) is x[t, c], W_attn(c, k) is
// W_attn[k, c] (output column c of input feature k), y(c, t) is y[t, c].
#pragma once
#include <ekb/kernel.h>

namespace task {

// HF's gelu_new: v/2 (1 + tanh(sqrt(2/pi) (v + 0.044715 v^3))).
inline Halide::Expr gelu_tanh(Halide::Expr v) {
    return 0.5f * v * (1.0f + Halide::tanh(0.7978845608028654f * (v + 0.044715f * v * v * v)));
}

// One LayerNorm over dimension 0 (the features) of `in`, with affine weight and bias: the
// biased variance (mean of squared deviations) as PyTorch.
struct LayerNorm {
    Halide::Func sum{"sum"};        // sum of the row
    Halide::Func mean{"mean"};      // sum / D
    Halide::Func sum_sq{"sum_sq"};  // sum of (in - mean)^2 over the row
    Halide::Func rstd{"rstd"};      // 1 / sqrt(sum_sq / D + eps)
    Halide::Func out{"out"};        // (in - mean) * rstd * weight + bias

    LayerNorm(const std::string &name, Halide::Func in, Halide::ImageParam weight, Halide::ImageParam bias,
              Halide::Var c, Halide::Var t, Halide::RDom r, float eps)
        : sum(name + "_sum"), mean(name + "_mean"), sum_sq(name + "_sum_sq"), rstd(name + "_rstd"), out(name) {
        Halide::Expr n = Halide::cast<float>(r.x.extent());
        sum(t) = 0.0f;
        sum(t) += in(r, t);
        mean(t) = sum(t) / n;
        sum_sq(t) = 0.0f;
        sum_sq(t) += (in(r, t) - mean(t)) * (in(r, t) - mean(t));
        rstd(t) = 1.0f / Halide::sqrt(sum_sq(t) / n + eps);
        out(c, t) = (in(c, t) - mean(t)) * rstd(t) * weight(c) + bias(c);
    }
};

struct Algorithm {
    static constexpr int head_dim = 64;  // = get_init_inputs() in reference.py
    static constexpr float eps = 1e-5f;  // GPT-2's layer_norm_epsilon

    Halide::ImageParam x{Halide::Float(32), 2, "x"};              // [T, D]
    Halide::ImageParam ln1_w{Halide::Float(32), 1, "ln1_w"};      // [D]
    Halide::ImageParam ln1_b{Halide::Float(32), 1, "ln1_b"};      // [D]
    Halide::ImageParam W_attn{Halide::Float(32), 2, "W_attn"};    // [D, 3D]
    Halide::ImageParam b_attn{Halide::Float(32), 1, "b_attn"};    // [3D]
    Halide::ImageParam W_proj{Halide::Float(32), 2, "W_proj"};    // [D, D]
    Halide::ImageParam b_proj{Halide::Float(32), 1, "b_proj"};    // [D]
    Halide::ImageParam ln2_w{Halide::Float(32), 1, "ln2_w"};      // [D]
    Halide::ImageParam ln2_b{Halide::Float(32), 1, "ln2_b"};      // [D]
    Halide::ImageParam W_fc{Halide::Float(32), 2, "W_fc"};        // [D, 4D]
    Halide::ImageParam b_fc{Halide::Float(32), 1, "b_fc"};        // [4D]
    Halide::ImageParam W_mproj{Halide::Float(32), 2, "W_mproj"};  // [4D, D]
    Halide::ImageParam b_mproj{Halide::Float(32), 1, "b_mproj"};  // [D]

    // c: a feature column (of qkv, ctx, the MLP, or the model), t: a token (query),
    // s: a key token, h: a head.
    Halide::Var c{"c"}, t{"t"}, s{"key"}, h{"h"};
    Halide::RDom rk;    // over the model features (D): the projections from D, the LayerNorms
    Halide::RDom rd;    // over a head's dimension (64): q . k
    Halide::RDom rmax;  // over the keys s <= t: the softmax's max
    Halide::RDom rsum;  // over the keys s <= t: the softmax's sum
    Halide::RDom rpv;   // over the keys s <= t: P V
    Halide::RDom rf;    // over the MLP features (4D): the MLP's output projection

    Halide::Func x_in{"x_in"};        // x as a Func (LN1's input)
    Halide::Func qkv_dot{"qkv_dot"};  // LN1(x) W_attn
    Halide::Func qkv{"qkv"};          // + b_attn
    Halide::Func s_dot{"s_dot"};      // q_h[t] . k_h[s]
    Halide::Func scores{"scores"};    // s_dot / sqrt(64)
    Halide::Func row_max{"row_max"};  // max over the keys s <= t (starts from the first)
    Halide::Func ex{"ex"};            // exp(scores - row_max)
    Halide::Func row_sum{"row_sum"};  // sum of ex over the keys s <= t
    Halide::Func probs{"probs"};      // ex / row_sum
    Halide::Func ctx{"ctx"};          // sum_{s <= t} probs * v: the heads, concatenated
    Halide::Func o_dot{"o_dot"};      // ctx W_proj
    Halide::Func res1{"res1"};        // x + o_dot + b_proj (x1, the first residual)
    Halide::Func f1_dot{"f1_dot"};    // LN2(x1) W_fc
    Halide::Func ff{"ff"};            // gelu_tanh(f1_dot + b_fc)
    Halide::Func f2_dot{"f2_dot"};    // ff W_mproj
    Halide::Func y{"y"};              // x1 + f2_dot + b_mproj: the output
    LayerNorm ln1, ln2;               // ln1.out = LN1(x), ln2.out = LN2(x1)

    Algorithm() : ln1(make_ln1()), ln2(make_ln2()) {
        f1_dot(c, t) = 0.0f;
        f1_dot(c, t) += ln2.out(rk, t) * W_fc(c, rk);
        ff(c, t) = gelu_tanh(f1_dot(c, t) + b_fc(c));
        f2_dot(c, t) = 0.0f;
        f2_dot(c, t) += ff(rf, t) * W_mproj(c, rf);
        y(c, t) = res1(c, t) + f2_dot(c, t) + b_mproj(c);
    }

    ekb::Kernel kernel() {
        return {{x, ln1_w, ln1_b, W_attn, b_attn, W_proj, b_proj, ln2_w, ln2_b, W_fc, b_fc, W_mproj, b_mproj}, {y}};
    }

private:
    LayerNorm make_ln1() {
        Halide::Expr D = x.dim(0).extent(), T = x.dim(1).extent();
        rk = Halide::RDom(0, D, "rk");
        rd = Halide::RDom(0, head_dim, "rd");
        rmax = Halide::RDom(0, T, "rmax");
        rmax.where(rmax <= t);
        rsum = Halide::RDom(0, T, "rsum");
        rsum.where(rsum <= t);
        rpv = Halide::RDom(0, T, "rpv");
        rpv.where(rpv <= t);
        rf = Halide::RDom(0, 4 * D, "rf");
        x_in(c, t) = x(c, t);
        return LayerNorm("h1", x_in, ln1_w, ln1_b, c, t, rk, eps);
    }

    // The attention and the first residual (ln2 reads res1).
    LayerNorm make_ln2() {
        using Halide::Expr;
        Expr D = x.dim(0).extent();
        Expr scale = 1.0f / Halide::sqrt(float(head_dim));
        qkv_dot(c, t) = 0.0f;
        qkv_dot(c, t) += ln1.out(rk, t) * W_attn(c, rk);
        qkv(c, t) = qkv_dot(c, t) + b_attn(c);
        // q of head h is qkv(h*64 + d, t), its k is qkv(D + h*64 + d, s), its v qkv(2D + h*64 + d, s).
        s_dot(s, t, h) = 0.0f;
        s_dot(s, t, h) += qkv(h * head_dim + rd, t) * qkv(D + h * head_dim + rd, s);
        scores(s, t, h) = s_dot(s, t, h) * scale;
        row_max(t, h) = scores(0, t, h);
        row_max(t, h) = Halide::max(row_max(t, h), scores(rmax, t, h));
        ex(s, t, h) = Halide::exp(scores(s, t, h) - row_max(t, h));
        row_sum(t, h) = 0.0f;
        row_sum(t, h) += ex(rsum, t, h);
        probs(s, t, h) = ex(s, t, h) / row_sum(t, h);
        ctx(c, t) = 0.0f;
        ctx(c, t) += probs(rpv, t, c / head_dim) * qkv(2 * D + c, rpv);
        o_dot(c, t) = 0.0f;
        o_dot(c, t) += ctx(rk, t) * W_proj(c, rk);
        res1(c, t) = x(c, t) + o_dot(c, t) + b_proj(c);
        return LayerNorm("h2", res1, ln2_w, ln2_b, c, t, rk, eps);
    }
};

}  // namespace task
