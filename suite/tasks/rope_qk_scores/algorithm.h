// Halide reference algorithm for task `rope_qk_scores`: the rotary embedding (LLaMA
// rotate-half) of q and k, then scores = qr kr^T / sqrt(Dh) per head:
//   qr = q * cos + rotate_half(q) * sin,  kr = k * cos + rotate_half(k) * sin,
//   rotate_half(x) = cat(-x[..., Dh/2:], x[..., :Dh/2]).
// Halide dimension 0 is the last PyTorch dimension: q(d, t, h) is q[h, t, d], cos(d, t) is
// cos[t, d], scores(s, t, h) is scores[h, t, s].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    Halide::ImageParam q{Halide::Float(32), 3, "q"};      // [H, T, Dh]
    Halide::ImageParam k{Halide::Float(32), 3, "k"};      // [H, T, Dh]
    Halide::ImageParam cos{Halide::Float(32), 2, "cos"};  // [T, Dh]
    Halide::ImageParam sin{Halide::Float(32), 2, "sin"};  // [T, Dh]
    // d: the head dimension (Dh); t: queries, s: keys (both T positions); h: heads (H).
    Halide::Var d{"d"}, s{"s"}, t{"t"}, h{"h"};
    Halide::RDom r;                 // the head dimension Dh, reduced by the scores
    Halide::Func qr{"qr"};          // the rotated queries qr(d, t, h)
    Halide::Func kr{"kr"};          // the rotated keys kr(d, s, h)
    Halide::Func dot{"dot"};        // sum_d qr[h, t, d] * kr[h, s, d]: the reduction
    Halide::Func scores{"scores"};  // dot / sqrt(Dh): the output

    Algorithm() {
        Halide::Expr dh = q.dim(0).extent();
        Halide::Expr half = dh / 2;
        // rotate_half: -x[d + Dh/2] in the first half, x[d - Dh/2] in the second;
        // (d + half) % dh is d + half in the first half and d - half in the second.
        auto rope = [&](Halide::ImageParam x, Halide::Var p) {
            Halide::Expr partner = x((d + half) % dh, p, h);
            Halide::Expr rot = Halide::select(d < half, -partner, partner);
            return x(d, p, h) * cos(d, p) + rot * sin(d, p);
        };
        qr(d, t, h) = rope(q, t);
        kr(d, s, h) = rope(k, s);
        r = Halide::RDom(0, dh, "r");
        dot(s, t, h) = 0.0f;
        dot(s, t, h) += qr(r, t, h) * kr(r, s, h);
        scores(s, t, h) = dot(s, t, h) / Halide::sqrt(Halide::cast<float>(dh));
    }

    ekb::Kernel kernel() { return {{q, k, cos, sin}, {scores}}; }
};

}  // namespace task
