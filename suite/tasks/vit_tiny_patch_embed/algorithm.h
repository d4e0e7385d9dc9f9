// Halide reference algorithm for task `vit_tiny_patch_embed`: the ViT stem (timm PatchEmbed +
// _pos_embed), batch 1, patches of 16x16:
//   emb[p, d] = sum_{c, ky, kx} img[c, 16 py + ky, 16 px + kx] * W[d, c, ky, kx]   p = py*GW + px
//   y[0, d] = cls[d] + pos[0, d];  y[t, d] = emb[t - 1, d] + b[d] + pos[t, d]   (t >= 1)
// Halide dimension 0 is the last PyTorch dimension: img(x, y, c) is img[c, y, x],
// W(kx, ky, c, d) is W[d, c, ky, kx], y(d, t) is y[t, d].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    static constexpr int patch = 16;  // = get_init_inputs() in reference.py

    Halide::ImageParam img{Halide::Float(32), 3, "img"};  // [C, 16 GH, 16 GW]
    Halide::ImageParam W{Halide::Float(32), 4, "W"};      // [D, C, 16, 16]
    Halide::ImageParam b{Halide::Float(32), 1, "b"};      // [D]
    Halide::ImageParam cls{Halide::Float(32), 1, "cls"};  // [D]
    Halide::ImageParam pos{Halide::Float(32), 2, "pos"};  // [1 + GH*GW, D]

    Halide::Var d{"d"}, p{"p"}, t{"t"};  // d an embedding feature, p a patch, t a token
    Halide::RDom r;                      // (kx, ky, c): one patch's pixels
    Halide::Func emb{"emb"};             // the patch embeddings without the bias (d, p)
    Halide::Func y{"y"};                 // the output (d, t)

    Algorithm() {
        using namespace Halide;
        Expr GW = img.dim(0).extent() / patch, GH = img.dim(1).extent() / patch;
        Expr C = img.dim(2).extent();
        r = RDom(0, patch, 0, patch, 0, C, "r");
        // A patch index outside [0, GH*GW) (the class token's row) reads patch 0: its value is
        // never used, only keeps the reads in bounds.
        Expr pc = clamp(p, 0, GH * GW - 1);
        Expr py = pc / GW, px = pc % GW;
        emb(d, p) = 0.0f;
        emb(d, p) += img(px * patch + r.x, py * patch + r.y, r.z) * W(r.x, r.y, r.z, d);
        y(d, t) = select(t == 0, cls(d), emb(d, t - 1) + b(d)) + pos(d, t);
    }

    ekb::Kernel kernel() { return {{img, W, b, cls, pos}, {y}}; }
};

}  // namespace task
