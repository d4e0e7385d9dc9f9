// Halide reference algorithm for task `squeezenet_stem_fire`: SqueezeNet 1.1 features.0-4.
//   r  = ReLU(conv3x3(x, w0, stride 2, no pad) + b0)   CI -> C0, Hc x Wc = (H-1)/2 x (W-1)/2
//   p  = maxpool3x3(r, stride 2, ceil_mode)            Hp x Wp = (Hc-2)/2+1 x (Wc-2)/2+1
//   f2 = fire(p), y = fire(f2)                         C0 -> 2E -> 2E
//   fire(v) = cat[ReLU(conv1x1(s, w_e1) + b_e1), ReLU(conv3x3(s, w_e3, pad 1) + b_e3)],
//   s = ReLU(conv1x1(v, w_s) + b_s)                    (S squeezed channels)
// The ceil-mode pool's last window may hang over r's edge; it takes the max of its real
// pixels: the pool reads r with clamped coordinates (a repeated edge pixel never changes a
// maximum).
// Halide dimension 0 is the last PyTorch dimension: x(col, row, c, n) is x[n, c, row, col].
#pragma once
#include <ekb/kernel.h>

namespace task {

// One Fire module's stages (every stage a named Func).
struct Fire {
    Halide::RDom rc;  // the input channels of the squeeze conv
    Halide::RDom rs;  // the S squeezed channels reduced by the expand 1x1 conv
    Halide::RDom r3;  // the expand 3x3 conv: r3.x, r3.y over the taps, r3.z over the S channels
    Halide::Func squeeze, s, s_padded, expand1, e1, expand3, e3, out;
    explicit Fire(const std::string &p)
        : squeeze(p + "_squeeze"), s(p + "_s"), s_padded(p + "_s_padded"), expand1(p + "_expand1"),
          e1(p + "_e1"), expand3(p + "_expand3"), e3(p + "_e3"), out(p + "_out") {}
    // v: the input map (Cin channels), W x H its extent.
    void define(Halide::Func v, Halide::Expr Cin, Halide::Expr W, Halide::Expr H, Halide::ImageParam w_s,
                Halide::ImageParam b_s, Halide::ImageParam w_e1, Halide::ImageParam b_e1, Halide::ImageParam w_e3,
                Halide::ImageParam b_e3, Halide::Var col, Halide::Var row, Halide::Var c, Halide::Var n) {
        using namespace Halide;
        Expr S = w_s.dim(3).extent(), E = w_e1.dim(3).extent();
        rc = RDom(0, Cin, "rc_" + out.name());
        rs = RDom(0, S, "rs_" + out.name());
        r3 = RDom(0, 3, 0, 3, 0, S, "r3_" + out.name());
        squeeze(col, row, c, n) = 0.0f;
        squeeze(col, row, c, n) += w_s(0, 0, rc, c) * v(col, row, rc, n);
        s(col, row, c, n) = max(squeeze(col, row, c, n) + b_s(c), 0.0f);
        s_padded(col, row, c, n) = BoundaryConditions::constant_exterior(s, 0.0f, {{0, W}, {0, H}})(col, row, c, n);
        expand1(col, row, c, n) = 0.0f;
        expand1(col, row, c, n) += w_e1(0, 0, rs, c) * s(col, row, rs, n);
        e1(col, row, c, n) = max(expand1(col, row, c, n) + b_e1(c), 0.0f);
        expand3(col, row, c, n) = 0.0f;
        expand3(col, row, c, n) += w_e3(r3.x, r3.y, r3.z, c) * s_padded(col + r3.x - 1, row + r3.y - 1, r3.z, n);
        e3(col, row, c, n) = max(expand3(col, row, c, n) + b_e3(c), 0.0f);
        // Channel indices clamped so that each branch is only evaluated on its own E channels.
        out(col, row, c, n) = select(c < E, e1(col, row, min(c, E - 1), n), e3(col, row, max(c - E, 0), n));
    }
};

struct Algorithm {
    Halide::ImageParam x{Halide::Float(32), 4, "x"};          // [1, CI, H, W]
    Halide::ImageParam w0{Halide::Float(32), 4, "w0"};        // [C0, CI, 3, 3]
    Halide::ImageParam b0{Halide::Float(32), 1, "b0"};        // [C0]
    Halide::ImageParam w_s1{Halide::Float(32), 4, "w_s1"};    // [S, C0, 1, 1]
    Halide::ImageParam b_s1{Halide::Float(32), 1, "b_s1"};    // [S]
    Halide::ImageParam w_e11{Halide::Float(32), 4, "w_e11"};  // [E, S, 1, 1]
    Halide::ImageParam b_e11{Halide::Float(32), 1, "b_e11"};  // [E]
    Halide::ImageParam w_e31{Halide::Float(32), 4, "w_e31"};  // [E, S, 3, 3]
    Halide::ImageParam b_e31{Halide::Float(32), 1, "b_e31"};  // [E]
    Halide::ImageParam w_s2{Halide::Float(32), 4, "w_s2"};    // [S, 2E, 1, 1]
    Halide::ImageParam b_s2{Halide::Float(32), 1, "b_s2"};    // [S]
    Halide::ImageParam w_e12{Halide::Float(32), 4, "w_e12"};  // [E, S, 1, 1]
    Halide::ImageParam b_e12{Halide::Float(32), 1, "b_e12"};  // [E]
    Halide::ImageParam w_e32{Halide::Float(32), 4, "w_e32"};  // [E, S, 3, 3]
    Halide::ImageParam b_e32{Halide::Float(32), 1, "b_e32"};  // [E]
    Halide::Var col{"col"}, row{"row"}, c{"c"}, n{"n"};
    Halide::RDom r0;  // the stem taps: r0.x, r0.y over the 3x3 window, r0.z over the CI channels
    Halide::Func conv0{"conv0"};            // conv3x3 stride 2 of x (no pad), Hc x Wc
    Halide::Func r{"r"};                    // ReLU(conv0 + b0)
    Halide::Func r_clamped{"r_clamped"};    // r at coordinates clamped into [0, Wc) x [0, Hc)
    Halide::Func pooled{"pooled"};          // the ceil-mode max pool, Hp x Wp
    Fire fire2{"fire2"}, fire3{"fire3"};    // fire2.out = f2, fire3.out = the values of y
    Halide::Func y{"y"};                    // fire3.out: the output [1, 2E, Hp, Wp]

    Algorithm() {
        using namespace Halide;
        Expr W = x.dim(0).extent(), H = x.dim(1).extent();
        Expr Wc = (W - 1) / 2, Hc = (H - 1) / 2;
        Expr Wp = (Wc - 2) / 2 + 1, Hp = (Hc - 2) / 2 + 1;
        Expr C0 = w0.dim(3).extent(), E = w_e11.dim(3).extent();
        r0 = RDom(0, 3, 0, 3, 0, x.dim(2).extent(), "r0");
        conv0(col, row, c, n) = 0.0f;
        conv0(col, row, c, n) += w0(r0.x, r0.y, r0.z, c) * x(2 * col + r0.x, 2 * row + r0.y, r0.z, n);
        r(col, row, c, n) = max(conv0(col, row, c, n) + b0(c), 0.0f);
        r_clamped(col, row, c, n) = BoundaryConditions::repeat_edge(r, {{0, Wc}, {0, Hc}})(col, row, c, n);
        // The 3x3 window's maximum, written out tap by tap.
        Expr m;
        for (int ky = 0; ky < 3; ky++) {
            for (int kx = 0; kx < 3; kx++) {
                Expr v = r_clamped(2 * col + kx, 2 * row + ky, c, n);
                m = m.defined() ? max(m, v) : v;
            }
        }
        pooled(col, row, c, n) = m;
        fire2.define(pooled, C0, Wp, Hp, w_s1, b_s1, w_e11, b_e11, w_e31, b_e31, col, row, c, n);
        fire3.define(fire2.out, 2 * E, Wp, Hp, w_s2, b_s2, w_e12, b_e12, w_e32, b_e32, col, row, c, n);
        y(col, row, c, n) = fire3.out(col, row, c, n);
    }

    ekb::Kernel kernel() {
        return {{x, w0, b0, w_s1, b_s1, w_e11, b_e11, w_e31, b_e31, w_s2, b_s2, w_e12, b_e12, w_e32, b_e32}, {y}};
    }
};

}  // namespace task
