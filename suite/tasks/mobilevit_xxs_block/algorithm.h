// Halide reference algorithm for task `mobilevit_xxs_block`: the MobileViT block (timm
// MobileVitBlock), batch 1, BN folded into the conv biases, patches 2x2, 2 transformer layers.
// The transformer runs in the feature map's own layout: unfold and fold are index maps. The
// token at pixel (i, j) belongs to the sequence of patch position (i % 2, j % 2); its keys
// are the pixels (2 (m % NW) + i % 2, 2 (m / NW) + j % 2), m = 0 .. NH*NW - 1, which is the
// attention of the unfolded [4, N, Dt] sequences, token for token.
//   l = silu(conv3x3(x) + b_kxk); t0 = conv1x1(l)
//   per layer: t += proj(MHSA(LN1(t))) + bproj; t += W2 silu(W1 LN2(t) + b1) + b2
//   tn = LN(t); p = silu(conv1x1(tn) + b_proj); y = silu(conv3x3(cat(x, p)) + b_fuse)
// Halide dimension 0 is the last PyTorch dimension: x(i, j, c) is x[c, j, i] (i the column),
// w_kxk(kx, ky, ci, co) is w_kxk[co, ci, ky, kx], Wqkv(k, n, l) is Wqkv[l, n, k].
#pragma once
#include <ekb/kernel.h>

#include <functional>
#include <string>
#include <vector>

namespace task {

inline Halide::Expr silu(Halide::Expr v) { return v / (1.0f + Halide::exp(-v)); }

// A LayerNorm over the channels (dimension 2) of a feature map `in`(i, j, c).
struct LayerNorm {
    Halide::Func sum, mean, sum_sq, rstd, out;
    LayerNorm() = default;
    LayerNorm(const std::string &n, Halide::Func in, Halide::RDom r, Halide::Var i, Halide::Var j, Halide::Var c,
              const std::function<Halide::Expr(Halide::Expr)> &w, const std::function<Halide::Expr(Halide::Expr)> &b,
              float eps)
        : sum(n + "_sum"), mean(n + "_mean"), sum_sq(n + "_sum_sq"), rstd(n + "_rstd"), out(n) {
        Halide::Expr cnt = Halide::cast<float>(r.x.extent());
        sum(i, j) = 0.0f;
        sum(i, j) += in(i, j, r);
        mean(i, j) = sum(i, j) / cnt;
        sum_sq(i, j) = 0.0f;
        sum_sq(i, j) += (in(i, j, r) - mean(i, j)) * (in(i, j, r) - mean(i, j));
        rstd(i, j) = 1.0f / Halide::sqrt(sum_sq(i, j) / cnt + eps);
        out(i, j, c) = (in(i, j, c) - mean(i, j)) * rstd(i, j) * w(c) + b(c);
    }
};

// The stages of one transformer layer.
struct Layer {
    LayerNorm ln1, ln2;
    Halide::Func qkv_dot, qkv, s_dot, scores, row_max, ex, row_sum, probs, ctx, pr_dot, res1, f1_dot, ff, f2_dot, out;
};

struct Algorithm {
    static constexpr int heads = 4;  // = get_init_inputs() in reference.py
    static constexpr int depth = 2;
    static constexpr float eps = 1e-5f;

    using IP = Halide::ImageParam;
    IP x{Halide::Float(32), 3, "x"};  // [C, H, W]
    IP w_kxk{Halide::Float(32), 4, "w_kxk"}, b_kxk{Halide::Float(32), 1, "b_kxk"};
    IP w_1x1{Halide::Float(32), 2, "w_1x1"};
    IP ln1_w{Halide::Float(32), 2, "ln1_w"}, ln1_b{Halide::Float(32), 2, "ln1_b"};
    IP Wqkv{Halide::Float(32), 3, "Wqkv"}, bqkv{Halide::Float(32), 2, "bqkv"};
    IP Wproj{Halide::Float(32), 3, "Wproj"}, bproj{Halide::Float(32), 2, "bproj"};
    IP ln2_w{Halide::Float(32), 2, "ln2_w"}, ln2_b{Halide::Float(32), 2, "ln2_b"};
    IP W1{Halide::Float(32), 3, "W1"}, b1{Halide::Float(32), 2, "b1"};
    IP W2{Halide::Float(32), 3, "W2"}, b2{Halide::Float(32), 2, "b2"};
    IP norm_w{Halide::Float(32), 1, "norm_w"}, norm_b{Halide::Float(32), 1, "norm_b"};
    IP w_proj{Halide::Float(32), 2, "w_proj"}, b_proj{Halide::Float(32), 1, "b_proj"};
    IP w_fuse{Halide::Float(32), 4, "w_fuse"}, b_fuse{Halide::Float(32), 1, "b_fuse"};

    // i, j: a pixel (column, row); c: a channel or feature; m: a key token; h: a head.
    Halide::Var i{"i"}, j{"j"}, c{"c"}, m{"m"}, h{"h"};
    Halide::RDom rl;  // (kx, ky, ci) over 3x3 x C: conv_kxk and the x half of conv_fusion
    Halide::RDom rC;  // over C: conv_1x1
    Halide::RDom rD;  // over Dt: the LayerNorms, qkv, proj, fc1, conv_proj
    Halide::RDom rd;  // over a head's features (Dt / 4)
    Halide::RDom rN;  // over the NH*NW tokens of a sequence: the softmax and P V
    Halide::RDom rF;  // over F: fc2

    Halide::Func x_pad{"x_pad"};        // x with a zero border
    Halide::Func local_dot{"local_dot"};  // conv3x3(x)
    Halide::Func local{"local"};        // silu(local_dot + b_kxk)
    Halide::Func t0{"t0"};              // conv1x1(local): the transformer's input
    std::vector<Layer> layers;          // the two transformer layers
    LayerNorm norm;                     // the final LayerNorm (norm.out = tn)
    Halide::Func pj_dot{"pj_dot"};      // conv1x1(tn)
    Halide::Func pj{"pj"};              // silu(pj_dot + b_proj)
    Halide::Func pj_pad{"pj_pad"};      // pj with a zero border
    Halide::Func fuse_dot{"fuse_dot"};  // conv3x3(cat(x, pj)): the x half, then the pj half
    Halide::Func y{"y"};                // silu(fuse_dot + b_fuse): the output

    Algorithm() {
        using namespace Halide;
        Expr W = x.dim(0).extent(), H = x.dim(1).extent(), C = x.dim(2).extent();
        Expr Dt = w_1x1.dim(1).extent(), Fd = W1.dim(1).extent();
        Expr NW = W / 2, NH = H / 2, hd = Dt / heads;
        rl = RDom(0, 3, 0, 3, 0, C, "rl");
        rC = RDom(0, C, "rC");
        rD = RDom(0, Dt, "rD");
        rd = RDom(0, hd, "rd");
        rN = RDom(0, NH * NW, "rN");
        rF = RDom(0, Fd, "rF");

        x_pad(i, j, c) = BoundaryConditions::constant_exterior(x, 0.0f)(i, j, c);
        local_dot(i, j, c) = 0.0f;
        local_dot(i, j, c) += x_pad(i + rl.x - 1, j + rl.y - 1, rl.z) * w_kxk(rl.x, rl.y, rl.z, c);
        local(i, j, c) = silu(local_dot(i, j, c) + b_kxk(c));
        t0(i, j, c) = 0.0f;
        t0(i, j, c) += local(i, j, rC) * w_1x1(rC, c);

        Func t = t0;
        for (int l = 0; l < depth; l++) {
            Layer L;
            std::string n = "l" + std::to_string(l) + "_";
            L.ln1 = LayerNorm(n + "ln1", t, rD, i, j, c, [&](Expr cc) { return ln1_w(cc, l); },
                              [&](Expr cc) { return ln1_b(cc, l); }, eps);
            L.qkv_dot = Func(n + "qkv_dot");
            L.qkv = Func(n + "qkv");
            L.qkv_dot(i, j, c) = 0.0f;
            L.qkv_dot(i, j, c) += L.ln1.out(i, j, rD) * Wqkv(rD, c, l);
            L.qkv(i, j, c) = L.qkv_dot(i, j, c) + bqkv(c, l);
            // The key pixel of token m in the sequence of pixel (i, j).
            auto ki = [&](Expr mm) { return 2 * (mm % NW) + i % 2; };
            auto kj = [&](Expr mm) { return 2 * (mm / NW) + j % 2; };
            L.s_dot = Func(n + "s_dot");
            L.scores = Func(n + "scores");
            L.row_max = Func(n + "row_max");
            L.ex = Func(n + "ex");
            L.row_sum = Func(n + "row_sum");
            L.probs = Func(n + "probs");
            L.ctx = Func(n + "ctx");
            L.s_dot(m, i, j, h) = 0.0f;
            L.s_dot(m, i, j, h) += L.qkv(i, j, h * hd + rd) * L.qkv(ki(m), kj(m), Dt + h * hd + rd);
            L.scores(m, i, j, h) = L.s_dot(m, i, j, h) * (1.0f / sqrt(cast<float>(hd)));
            L.row_max(i, j, h) = L.scores(0, i, j, h);
            L.row_max(i, j, h) = max(L.row_max(i, j, h), L.scores(rN, i, j, h));
            L.ex(m, i, j, h) = exp(L.scores(m, i, j, h) - L.row_max(i, j, h));
            L.row_sum(i, j, h) = 0.0f;
            L.row_sum(i, j, h) += L.ex(rN, i, j, h);
            L.probs(m, i, j, h) = L.ex(m, i, j, h) / L.row_sum(i, j, h);
            L.ctx(i, j, c) = 0.0f;
            L.ctx(i, j, c) += L.probs(rN, i, j, c / hd) * L.qkv(ki(rN), kj(rN), 2 * Dt + c);
            L.pr_dot = Func(n + "pr_dot");
            L.res1 = Func(n + "res1");
            L.pr_dot(i, j, c) = 0.0f;
            L.pr_dot(i, j, c) += L.ctx(i, j, rD) * Wproj(rD, c, l);
            L.res1(i, j, c) = t(i, j, c) + L.pr_dot(i, j, c) + bproj(c, l);
            L.ln2 = LayerNorm(n + "ln2", L.res1, rD, i, j, c, [&](Expr cc) { return ln2_w(cc, l); },
                              [&](Expr cc) { return ln2_b(cc, l); }, eps);
            L.f1_dot = Func(n + "f1_dot");
            L.ff = Func(n + "ff");
            L.f2_dot = Func(n + "f2_dot");
            L.out = Func(n + "out");
            L.f1_dot(i, j, c) = 0.0f;
            L.f1_dot(i, j, c) += L.ln2.out(i, j, rD) * W1(rD, c, l);
            L.ff(i, j, c) = silu(L.f1_dot(i, j, c) + b1(c, l));
            L.f2_dot(i, j, c) = 0.0f;
            L.f2_dot(i, j, c) += L.ff(i, j, rF) * W2(rF, c, l);
            L.out(i, j, c) = L.res1(i, j, c) + L.f2_dot(i, j, c) + b2(c, l);
            t = L.out;
            layers.push_back(L);
        }
        norm = LayerNorm("norm", t, rD, i, j, c, [&](Expr cc) { return norm_w(cc); },
                         [&](Expr cc) { return norm_b(cc); }, eps);
        pj_dot(i, j, c) = 0.0f;
        pj_dot(i, j, c) += norm.out(i, j, rD) * w_proj(rD, c);
        pj(i, j, c) = silu(pj_dot(i, j, c) + b_proj(c));
        Expr inside = i >= 0 && i < W && j >= 0 && j < H;
        pj_pad(i, j, c) = select(inside, pj(clamp(i, 0, W - 1), clamp(j, 0, H - 1), c), 0.0f);
        fuse_dot(i, j, c) = 0.0f;
        fuse_dot(i, j, c) += x_pad(i + rl.x - 1, j + rl.y - 1, rl.z) * w_fuse(rl.x, rl.y, rl.z, c);
        fuse_dot(i, j, c) += pj_pad(i + rl.x - 1, j + rl.y - 1, rl.z) * w_fuse(rl.x, rl.y, C + rl.z, c);
        y(i, j, c) = silu(fuse_dot(i, j, c) + b_fuse(c));
    }

    ekb::Kernel kernel() {
        return {{x, w_kxk, b_kxk, w_1x1, ln1_w, ln1_b, Wqkv, bqkv, Wproj, bproj, ln2_w, ln2_b, W1, b1, W2, b2, norm_w,
                 norm_b, w_proj, b_proj, w_fuse, b_fuse},
                {y}};
    }
};

}  // namespace task
