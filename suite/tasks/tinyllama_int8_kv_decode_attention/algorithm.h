// Halide reference algorithm for task `tinyllama_int8_kv_decode_attention`: one decode step of
// grouped-query attention over an int8 KV cache with per-row scales and zero points.
//   K(d, s, g) = float(k_q - k_zp[g, s]) * k_scale[g, s], V likewise
//   o[h] = sum_s softmax_s(q[h] . K[g, s] / sqrt(Dh)) V[g, s]     g = h / (HQ / HKV)
// Halide dimension 0 is the last PyTorch dimension: q(d, h) is q[h, d], k_q(d, s, g) is
// k_q[g, s, d], k_scale(s, g) is k_scale[g, s].
#pragma once
#include <ekb/kernel.h>

#include <cstdint>

namespace task {

struct Algorithm {
    Halide::ImageParam q{Halide::Float(32), 2, "q"};              // [HQ, Dh]
    Halide::ImageParam k_q{Halide::Int(8), 3, "k_q"};             // [HKV, S, Dh]
    Halide::ImageParam k_scale{Halide::Float(32), 2, "k_scale"};  // [HKV, S]
    Halide::ImageParam k_zp{Halide::Int(8), 2, "k_zp"};           // [HKV, S]
    Halide::ImageParam v_q{Halide::Int(8), 3, "v_q"};             // [HKV, S, Dh]
    Halide::ImageParam v_scale{Halide::Float(32), 2, "v_scale"};  // [HKV, S]
    Halide::ImageParam v_zp{Halide::Int(8), 2, "v_zp"};           // [HKV, S]

    Halide::Var d{"d"}, s{"key"}, h{"h"};
    Halide::RDom rd;  // the head dimension, reduced by q . K
    Halide::RDom rs;  // the S positions, reduced by the softmax and P V
    Halide::Func dot{"dot"};          // q[h] . (k_q[g, s] - k_zp) (the scale applied after)
    Halide::Func scores{"scores"};    // dot * k_scale / sqrt(Dh)
    Halide::Func row_max{"row_max"};  // max over the positions (starts from the first)
    Halide::Func ex{"ex"};            // exp(scores - row_max)
    Halide::Func row_sum{"row_sum"};  // sum of ex over the positions
    Halide::Func pv{"pv"};            // sum_s ex * V[g, s]
    Halide::Func o{"o"};              // pv / row_sum: the output

    Algorithm() {
        using namespace Halide;
        Expr Dh = q.dim(0).extent(), S = k_q.dim(1).extent();
        Expr group = q.dim(1).extent() / k_q.dim(2).extent();
        rd = RDom(0, Dh, "rd");
        rs = RDom(0, S, "rs");
        Expr g = h / group;
        dot(s, h) = 0.0f;
        dot(s, h) += q(rd, h) * cast<float>(cast<int16_t>(k_q(rd, s, g)) - cast<int16_t>(k_zp(s, g)));
        scores(s, h) = dot(s, h) * k_scale(s, g) * (1.0f / sqrt(cast<float>(Dh)));
        row_max(h) = scores(0, h);
        row_max(h) = max(row_max(h), scores(rs, h));
        ex(s, h) = exp(scores(s, h) - row_max(h));
        row_sum(h) = 0.0f;
        row_sum(h) += ex(rs, h);
        Expr vr = h / group;
        pv(d, h) = 0.0f;
        pv(d, h) += (ex(rs, h) * v_scale(rs, vr)) *
                    cast<float>(cast<int16_t>(v_q(d, rs, vr)) - cast<int16_t>(v_zp(rs, vr)));
        o(d, h) = pv(d, h) / row_sum(h);
    }

    ekb::Kernel kernel() { return {{q, k_q, k_scale, k_zp, v_q, v_scale, v_zp}, {o}}; }
};

}  // namespace task
