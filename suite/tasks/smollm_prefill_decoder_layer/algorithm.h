// Halide reference algorithm for task `smollm_prefill_decoder_layer`: one LLaMA decoder layer
// (HF LlamaDecoderLayer) over a prompt of T tokens.
//   h1 = x * rsqrt(mean(x^2) + eps) * attn_norm_w                (per token)
//   q = h1 Wq^T, k = h1 Wk^T, v = h1 Wv^T                        [T, HQ*Dh], [T, HKV*Dh]
//   q_r[hq, t] = rope_t(q[t, hq]), k_cache[g, t] = rope_t(k[t, g]), v_cache[g, t] = v[t, g]
//   rope_t(z) = z*cos[t] + rotate_half(z)*sin[t],  rotate_half(z) = cat(-z[Dh/2:], z[:Dh/2])
//   attn[t, hq] = sum_{s <= t} softmax_{s <= t}(q_r[hq, t] . k_cache[g, s] / sqrt(Dh)) v_cache[g, s]
//   x1 = x + attn Wo^T;  h2 = x1 * rsqrt(mean(x1^2) + eps) * mlp_norm_w
//   y = x1 + (silu(h2 Wg^T) * (h2 Wu^T)) Wd^T
// Halide dimension 0 is the last PyTorch dimension: x(c, t) is x[t, c], Wq(k, j) is Wq[j, k],
// k_cache(d, t, g) is k_cache[g, t, d].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    static constexpr float eps = 1e-5f;  // = get_init_inputs() in reference.py

    Halide::ImageParam x{Halide::Float(32), 2, "x"};                      // [T, D]
    Halide::ImageParam attn_norm_w{Halide::Float(32), 1, "attn_norm_w"};  // [D]
    Halide::ImageParam Wq{Halide::Float(32), 2, "Wq"};                    // [HQ*Dh, D]
    Halide::ImageParam Wk{Halide::Float(32), 2, "Wk"};                    // [HKV*Dh, D]
    Halide::ImageParam Wv{Halide::Float(32), 2, "Wv"};                    // [HKV*Dh, D]
    Halide::ImageParam cos_t{Halide::Float(32), 2, "cos"};                // [T, Dh]
    Halide::ImageParam sin_t{Halide::Float(32), 2, "sin"};                // [T, Dh]
    Halide::ImageParam Wo{Halide::Float(32), 2, "Wo"};                    // [D, HQ*Dh]
    Halide::ImageParam mlp_norm_w{Halide::Float(32), 1, "mlp_norm_w"};    // [D]
    Halide::ImageParam Wg{Halide::Float(32), 2, "Wg"};                    // [F, D]
    Halide::ImageParam Wu{Halide::Float(32), 2, "Wu"};                    // [F, D]
    Halide::ImageParam Wd{Halide::Float(32), 2, "Wd"};                    // [D, F]

    // c: a feature (of a projection's output), t: a token (query), s: a key token,
    // d: a head feature, hq: a query head, g: a KV head.
    Halide::Var c{"c"}, t{"t"}, s{"key"}, d{"d"}, hq{"hq"}, g{"g"};
    Halide::RDom rk;  // over the model features (D): the norms, q/k/v, gate, up
    Halide::RDom rd;  // over a head's features (Dh): q . k
    Halide::RDom rc;  // over the keys s <= t (causal): the softmax and P V
    Halide::RDom ro;  // over the attention output (HQ*Dh): o_proj
    Halide::RDom rf;  // over the MLP features (F): down_proj

    Halide::Func ss1{"ss1"};          // sum x^2 per token
    Halide::Func h1{"h1"};            // the normed input
    Halide::Func q_dot{"q_dot"};      // h1 Wq^T (c, t)
    Halide::Func k_dot{"k_dot"};      // h1 Wk^T
    Halide::Func v_dot{"v_dot"};      // h1 Wv^T
    Halide::Func q_rope{"q_rope"};    // the rotated queries (d, t, hq)
    Halide::Func k_cache{"k_cache"};  // the rotated keys (d, t, g): an output
    Halide::Func v_cache{"v_cache"};  // the values (d, t, g): an output
    Halide::Func dot{"dot"};          // q_rope[hq, t] . k_cache[g, s]  (s, t, hq)
    Halide::Func scores{"scores"};    // dot / sqrt(Dh)
    Halide::Func row_max{"row_max"};  // max over s <= t (starts from s = 0)
    Halide::Func ex{"ex"};            // exp(scores - row_max)
    Halide::Func row_sum{"row_sum"};  // sum of ex over s <= t
    Halide::Func pv{"pv"};            // sum_{s <= t} ex * v_cache  (d, t, hq)
    Halide::Func attn{"attn"};        // pv / row_sum, heads concatenated (c = hq*Dh + d, t)
    Halide::Func o_dot{"o_dot"};      // attn Wo^T
    Halide::Func x1{"x1"};            // x + o_dot: the first residual
    Halide::Func ss2{"ss2"};          // sum x1^2 per token
    Halide::Func h2{"h2"};            // the normed x1
    Halide::Func g_dot{"g_dot"};      // h2 Wg^T
    Halide::Func u_dot{"u_dot"};      // h2 Wu^T
    Halide::Func act{"act"};          // silu(g_dot) * u_dot
    Halide::Func d_dot{"d_dot"};      // act Wd^T
    Halide::Func y{"y"};              // x1 + d_dot: the output

    // z*cos[t] + rotate_half(z)*sin[t] for head `head` of a projection z(c, t), c = head*Dh + dd.
    Halide::Expr rope(Halide::Func z, Halide::Expr dd, Halide::Expr tt, Halide::Expr head, Halide::Expr Dh) {
        using namespace Halide;
        Expr half = Dh / 2;
        Expr rot = select(dd < half, -z(head * Dh + min(dd + half, Dh - 1), tt), z(head * Dh + max(dd - half, 0), tt));
        return z(head * Dh + dd, tt) * cos_t(dd, tt) + rot * sin_t(dd, tt);
    }

    Algorithm() {
        using namespace Halide;
        Expr D = x.dim(0).extent(), T = x.dim(1).extent(), Dh = cos_t.dim(0).extent();
        Expr HQ = Wq.dim(1).extent() / Dh, HKV = Wk.dim(1).extent() / Dh;
        Expr group = HQ / HKV;
        Expr n = cast<float>(D);
        rk = RDom(0, D, "rk");
        rd = RDom(0, Dh, "rd");
        rc = RDom(0, T, "rc");
        rc.where(rc <= t);
        ro = RDom(0, HQ * Dh, "ro");
        rf = RDom(0, Wg.dim(1).extent(), "rf");

        ss1(t) = 0.0f;
        ss1(t) += x(rk, t) * x(rk, t);
        h1(c, t) = x(c, t) * (1.0f / sqrt(ss1(t) / n + eps)) * attn_norm_w(c);
        q_dot(c, t) = 0.0f;
        q_dot(c, t) += h1(rk, t) * Wq(rk, c);
        k_dot(c, t) = 0.0f;
        k_dot(c, t) += h1(rk, t) * Wk(rk, c);
        v_dot(c, t) = 0.0f;
        v_dot(c, t) += h1(rk, t) * Wv(rk, c);
        q_rope(d, t, hq) = rope(q_dot, d, t, hq, Dh);
        k_cache(d, t, g) = rope(k_dot, d, t, g, Dh);
        v_cache(d, t, g) = v_dot(g * Dh + d, t);

        dot(s, t, hq) = 0.0f;
        dot(s, t, hq) += q_rope(rd, t, hq) * k_cache(rd, s, hq / group);
        scores(s, t, hq) = dot(s, t, hq) * (1.0f / sqrt(cast<float>(Dh)));
        row_max(t, hq) = scores(0, t, hq);
        row_max(t, hq) = max(row_max(t, hq), scores(rc, t, hq));
        ex(s, t, hq) = exp(scores(s, t, hq) - row_max(t, hq));
        row_sum(t, hq) = 0.0f;
        row_sum(t, hq) += ex(rc, t, hq);
        pv(d, t, hq) = 0.0f;
        pv(d, t, hq) += ex(rc, t, hq) * v_cache(d, rc, hq / group);
        attn(c, t) = pv(c % Dh, t, c / Dh) / row_sum(t, c / Dh);
        o_dot(c, t) = 0.0f;
        o_dot(c, t) += attn(ro, t) * Wo(ro, c);
        x1(c, t) = x(c, t) + o_dot(c, t);

        ss2(t) = 0.0f;
        ss2(t) += x1(rk, t) * x1(rk, t);
        h2(c, t) = x1(c, t) * (1.0f / sqrt(ss2(t) / n + eps)) * mlp_norm_w(c);
        g_dot(c, t) = 0.0f;
        g_dot(c, t) += h2(rk, t) * Wg(rk, c);
        u_dot(c, t) = 0.0f;
        u_dot(c, t) += h2(rk, t) * Wu(rk, c);
        act(c, t) = g_dot(c, t) / (1.0f + exp(-g_dot(c, t))) * u_dot(c, t);
        d_dot(c, t) = 0.0f;
        d_dot(c, t) += act(rf, t) * Wd(rf, c);
        y(c, t) = x1(c, t) + d_dot(c, t);
    }

    ekb::Kernel kernel() {
        return {{x, attn_norm_w, Wq, Wk, Wv, cos_t, sin_t, Wo, mlp_norm_w, Wg, Wu, Wd}, {y, k_cache, v_cache}};
    }
};

}  // namespace task
