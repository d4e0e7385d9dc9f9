// Halide reference algorithm for task `tinyllama_decoder_layer`: one LLaMA decoder layer
// (HF LlamaDecoderLayer) for one decoded token at position T (T positions cached).
//   h = x * rsqrt(mean(x^2) + eps) * attn_norm_w
//   q = Wq h, k = Wk h, v = Wv h                    [HQ*Dh], [HKV*Dh], [HKV*Dh]
//   q_r[hq] = rope(q[hq]), k_new[g] = rope(k[g]), v_new[g] = v[g]     (the cache write)
//   rope(z) = z*cos + rotate_half(z)*sin,  rotate_half(z) = cat(-z[Dh/2:], z[:Dh/2])
//   o[hq] = sum_s softmax_s(q_r[hq] . K[g, s] / sqrt(Dh)) V[g, s]   g = hq / (HQ/HKV), s <= T
//   K[g, s] = k_cache[g, s] (s < T), k_new[g] (s = T); V likewise with v_cache, v_new
//   x1 = x + Wo o;  h2 = x1 * rsqrt(mean(x1^2) + eps) * mlp_norm_w
//   y = x1 + Wd (silu(Wg h2) * (Wu h2))
// Halide dimension 0 is the last PyTorch dimension: Wq(k, j) is Wq[j, k],
// k_cache(d, s, g) is k_cache[g, s, d], k_new(d, g) is k_new[g, d].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    static constexpr float eps = 1e-5f;  // = get_init_inputs() in reference.py

    Halide::ImageParam x{Halide::Float(32), 1, "x"};                    // [D]
    Halide::ImageParam attn_norm_w{Halide::Float(32), 1, "attn_norm_w"};  // [D]
    Halide::ImageParam Wq{Halide::Float(32), 2, "Wq"};                  // [HQ*Dh, D]
    Halide::ImageParam Wk{Halide::Float(32), 2, "Wk"};                  // [HKV*Dh, D]
    Halide::ImageParam Wv{Halide::Float(32), 2, "Wv"};                  // [HKV*Dh, D]
    Halide::ImageParam cos_t{Halide::Float(32), 1, "cos"};              // [Dh]
    Halide::ImageParam sin_t{Halide::Float(32), 1, "sin"};              // [Dh]
    Halide::ImageParam k_cache{Halide::Float(32), 3, "k_cache"};        // [HKV, T, Dh]
    Halide::ImageParam v_cache{Halide::Float(32), 3, "v_cache"};        // [HKV, T, Dh]
    Halide::ImageParam Wo{Halide::Float(32), 2, "Wo"};                  // [D, HQ*Dh]
    Halide::ImageParam mlp_norm_w{Halide::Float(32), 1, "mlp_norm_w"};  // [D]
    Halide::ImageParam Wg{Halide::Float(32), 2, "Wg"};                  // [F, D]
    Halide::ImageParam Wu{Halide::Float(32), 2, "Wu"};                  // [F, D]
    Halide::ImageParam Wd{Halide::Float(32), 2, "Wd"};                  // [D, F]

    // j: an output feature of a projection, d: a head feature, hq: a query head,
    // g: a KV head, s: a position (T cached + the new one).
    Halide::Var j{"j"}, d{"d"}, hq{"hq"}, g{"g"}, s{"key"};
    Halide::RDom rk;  // over the model features (D): the norms, q/k/v, gate, up
    Halide::RDom rd;  // over a head's features (Dh): q . k
    Halide::RDom rs;  // over the T + 1 positions: the softmax and P V
    Halide::RDom ro;  // over the attention output (HQ*Dh): o_proj
    Halide::RDom rf;  // over the MLP features (F): down_proj

    Halide::Func ss1{"ss1"};          // sum x^2
    Halide::Func h1{"h1"};            // the normed input
    Halide::Func q_dot{"q_dot"};      // Wq h (j)
    Halide::Func k_dot{"k_dot"};      // Wk h (j)
    Halide::Func v_dot{"v_dot"};      // Wv h (j)
    Halide::Func q_rope{"q_rope"};    // the rotated query (d, hq)
    Halide::Func k_new{"k_new"};      // the rotated new key (d, g): an output
    Halide::Func v_new{"v_new"};      // the new value (d, g): an output
    Halide::Func dot{"dot"};          // q_rope[hq] . K[g, s]  (s, hq)
    Halide::Func scores{"scores"};    // dot / sqrt(Dh)
    Halide::Func row_max{"row_max"};  // max over the positions (starts from the first)
    Halide::Func ex{"ex"};            // exp(scores - row_max)
    Halide::Func row_sum{"row_sum"};  // sum of ex
    Halide::Func pv{"pv"};            // sum_s ex * V (d, hq)
    Halide::Func attn{"attn"};        // pv / row_sum, flattened (j = hq*Dh + d)
    Halide::Func o_dot{"o_dot"};      // Wo attn (j)
    Halide::Func x1{"x1"};            // x + o_dot: the first residual
    Halide::Func ss2{"ss2"};          // sum x1^2
    Halide::Func h2{"h2"};            // the normed x1
    Halide::Func g_dot{"g_dot"};      // Wg h2 (j)
    Halide::Func u_dot{"u_dot"};      // Wu h2 (j)
    Halide::Func act{"act"};          // silu(g_dot) * u_dot
    Halide::Func d_dot{"d_dot"};      // Wd act (j)
    Halide::Func y{"y"};              // x1 + d_dot: the output

    // z*cos + rotate_half(z)*sin for head `head` of a flattened projection z(j), j = head*Dh + dd.
    Halide::Expr rope(Halide::Func z, Halide::Expr dd, Halide::Expr head, Halide::Expr Dh) {
        using namespace Halide;
        Expr half = Dh / 2;
        Expr rot = select(dd < half, -z(head * Dh + min(dd + half, Dh - 1)), z(head * Dh + max(dd - half, 0)));
        return z(head * Dh + dd) * cos_t(dd) + rot * sin_t(dd);
    }

    Algorithm() {
        using namespace Halide;
        Expr D = x.dim(0).extent(), Dh = k_cache.dim(0).extent(), T = k_cache.dim(1).extent();
        Expr HQ = Wq.dim(1).extent() / Dh, HKV = k_cache.dim(2).extent();
        Expr group = HQ / HKV;
        Expr n = cast<float>(D);
        rk = RDom(0, D, "rk");
        rd = RDom(0, Dh, "rd");
        rs = RDom(0, T + 1, "rs");
        ro = RDom(0, HQ * Dh, "ro");
        rf = RDom(0, Wg.dim(1).extent(), "rf");

        ss1() = 0.0f;
        ss1() += x(rk) * x(rk);
        h1(j) = x(j) * (1.0f / sqrt(ss1() / n + eps)) * attn_norm_w(j);
        q_dot(j) = 0.0f;
        q_dot(j) += h1(rk) * Wq(rk, j);
        k_dot(j) = 0.0f;
        k_dot(j) += h1(rk) * Wk(rk, j);
        v_dot(j) = 0.0f;
        v_dot(j) += h1(rk) * Wv(rk, j);
        q_rope(d, hq) = rope(q_dot, d, hq, Dh);
        k_new(d, g) = rope(k_dot, d, g, Dh);
        v_new(d, g) = v_dot(g * Dh + d);

        Expr sc = clamp(s, 0, T - 1);
        dot(s, hq) = 0.0f;
        dot(s, hq) += q_rope(rd, hq) * select(s < T, k_cache(rd, sc, hq / group), k_new(rd, hq / group));
        scores(s, hq) = dot(s, hq) * (1.0f / sqrt(cast<float>(Dh)));
        row_max(hq) = scores(0, hq);
        row_max(hq) = max(row_max(hq), scores(rs, hq));
        ex(s, hq) = exp(scores(s, hq) - row_max(hq));
        row_sum(hq) = 0.0f;
        row_sum(hq) += ex(rs, hq);
        Expr rsc = clamp(rs, 0, T - 1);
        pv(d, hq) = 0.0f;
        pv(d, hq) += ex(rs, hq) * select(rs < T, v_cache(d, rsc, hq / group), v_new(d, hq / group));
        attn(j) = pv(j % Dh, j / Dh) / row_sum(j / Dh);
        o_dot(j) = 0.0f;
        o_dot(j) += attn(ro) * Wo(ro, j);
        x1(j) = x(j) + o_dot(j);

        ss2() = 0.0f;
        ss2() += x1(rk) * x1(rk);
        h2(j) = x1(j) * (1.0f / sqrt(ss2() / n + eps)) * mlp_norm_w(j);
        g_dot(j) = 0.0f;
        g_dot(j) += h2(rk) * Wg(rk, j);
        u_dot(j) = 0.0f;
        u_dot(j) += h2(rk) * Wu(rk, j);
        act(j) = g_dot(j) / (1.0f + exp(-g_dot(j))) * u_dot(j);
        d_dot(j) = 0.0f;
        d_dot(j) += act(rf) * Wd(rf, j);
        y(j) = x1(j) + d_dot(j);
    }

    ekb::Kernel kernel() {
        return {{x, attn_norm_w, Wq, Wk, Wv, cos_t, sin_t, k_cache, v_cache, Wo, mlp_norm_w, Wg, Wu, Wd},
                {y, k_new, v_new}};
    }
};

}  // namespace task
