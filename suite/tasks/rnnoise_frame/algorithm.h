// Halide reference algorithm for task `rnnoise_frame`: one frame of the RNNoise network.
//   d = tanh(w_in f + b_in)
//   GRU(x, h; w, u, bias), rows (z, r, n): gx = w x + bias; z = sigmoid(gx_z + u_z h),
//     r = sigmoid(gx_r + u_r h), n = relu(gx_n + u_n (r h)), h' = z h + (1 - z) n
//   v = GRU_vad(d, h_vad), s = GRU_noise([d, v, f], h_noise), g = GRU_den([v, s, f], h_den)
//   gains = sigmoid(w_out g + b_out)
// Every matrix-vector product is its own Func: mv(row) = 0; mv(row) += W(i, row) x(i), so a
// schedule can split and rfactor its reduction. The concatenated GRU inputs are Funcs over
// the concatenated index. A GRU needs r before its candidate's recurrent product (reset
// before the product, as RNNoise's rnn.c computes it), so each GRU is two stages of
// products: (gx, u_zr h) then u_n (r h).
// Halide dimension 0 is the last PyTorch dimension: w_in(f, d) is w_in[d, f], feat(f, b) is
// feat[b, f]; the outputs are (unit, b).
#pragma once
#include <ekb/kernel.h>

namespace task {

inline Halide::Expr sigmoid(const Halide::Expr &v) { return 1.0f / (1.0f + Halide::exp(-v)); }

// The Funcs of one GRU.
struct Gru {
    Halide::Func gx, uh, rh, un, h_new;  // w x (3H), u_zr h (2H), r h (H), u_n (r h) (H), h' (H)
    Halide::RDom rx, ru, rn;             // the reductions of gx, uh, un
    std::string name;
    explicit Gru(const std::string &n)
        : gx(n + "_gx"), uh(n + "_uh"), rh(n + "_rh"), un(n + "_un"), h_new(n + "_h"), name(n) {}

    void define(Halide::Func x, Halide::Expr X, Halide::ImageParam h, Halide::ImageParam w, Halide::ImageParam u,
                Halide::ImageParam bias, Halide::Var j) {
        using namespace Halide;
        Expr H = h.dim(0).extent();
        rx = RDom(0, X, name + "_rx");
        ru = RDom(0, H, name + "_ru");
        rn = RDom(0, H, name + "_rn");
        gx(j) = 0.0f;
        gx(j) += w(rx, j) * x(rx);
        uh(j) = 0.0f;
        uh(j) += u(ru, j) * h(ru, 0);
        Expr r = sigmoid(gx(H + j) + bias(H + j) + uh(H + j));
        rh(j) = r * h(j, 0);
        un(j) = 0.0f;
        un(j) += u(rn, 2 * H + j) * rh(rn);
        Expr z = sigmoid(gx(j) + bias(j) + uh(j));
        Expr n = max(gx(2 * H + j) + bias(2 * H + j) + un(j), 0.0f);
        h_new(j) = z * h(j, 0) + (1.0f - z) * n;
    }
};

struct Algorithm {
    Halide::ImageParam feat{Halide::Float(32), 2, "feat"};        // [1, F]
    Halide::ImageParam h_vad{Halide::Float(32), 2, "h_vad"};      // [1, V]
    Halide::ImageParam h_noise{Halide::Float(32), 2, "h_noise"};  // [1, N]
    Halide::ImageParam h_den{Halide::Float(32), 2, "h_den"};      // [1, S]
    Halide::ImageParam w_in{Halide::Float(32), 2, "w_in"};        // [D, F]
    Halide::ImageParam b_in{Halide::Float(32), 1, "b_in"};        // [D]
    Halide::ImageParam vad_w{Halide::Float(32), 2, "vad_w"};      // [3V, D]
    Halide::ImageParam vad_u{Halide::Float(32), 2, "vad_u"};      // [3V, V]
    Halide::ImageParam vad_b{Halide::Float(32), 1, "vad_b"};      // [3V]
    Halide::ImageParam noise_w{Halide::Float(32), 2, "noise_w"};  // [3N, D + V + F]
    Halide::ImageParam noise_u{Halide::Float(32), 2, "noise_u"};  // [3N, N]
    Halide::ImageParam noise_b{Halide::Float(32), 1, "noise_b"};  // [3N]
    Halide::ImageParam den_w{Halide::Float(32), 2, "den_w"};      // [3S, V + N + F]
    Halide::ImageParam den_u{Halide::Float(32), 2, "den_u"};      // [3S, S]
    Halide::ImageParam den_b{Halide::Float(32), 1, "den_b"};      // [3S]
    Halide::ImageParam w_out{Halide::Float(32), 2, "w_out"};      // [B, S]
    Halide::ImageParam b_out{Halide::Float(32), 1, "b_out"};      // [B]
    Halide::Var j{"j"}, b{"b"};  // j: a row or unit, b: the batch (1)
    Halide::RDom rf, rg;         // the input dense's features (F), the output dense's units (S)
    Halide::Func din_mv{"din_mv"}, d{"d"};            // w_in f, tanh(. + b_in)
    Gru vad{"vad"}, noise{"noise"}, den{"den"};
    Halide::Func noise_in{"noise_in"}, den_in{"den_in"};  // concat(d, v, f), concat(v, s, f)
    Halide::Func out_mv{"out_mv"};                    // w_out g
    Halide::Func gains{"gains"}, h_vad_new{"h_vad_new"}, h_noise_new{"h_noise_new"}, h_den_new{"h_den_new"};

    Algorithm() {
        using namespace Halide;
        Expr F = feat.dim(0).extent(), D = b_in.dim(0).extent(), V = h_vad.dim(0).extent();
        Expr N = h_noise.dim(0).extent(), S = h_den.dim(0).extent();
        rf = RDom(0, F, "rf");
        rg = RDom(0, S, "rg");
        din_mv(j) = 0.0f;
        din_mv(j) += w_in(rf, j) * feat(rf, 0);
        d(j) = tanh(din_mv(j) + b_in(j));
        vad.define(d, D, h_vad, vad_w, vad_u, vad_b, j);
        noise_in(j) = select(j < D, d(clamp(j, 0, D - 1)), j < D + V, vad.h_new(clamp(j - D, 0, V - 1)),
                             feat(clamp(j - D - V, 0, F - 1), 0));
        noise.define(noise_in, D + V + F, h_noise, noise_w, noise_u, noise_b, j);
        den_in(j) = select(j < V, vad.h_new(clamp(j, 0, V - 1)), j < V + N, noise.h_new(clamp(j - V, 0, N - 1)),
                           feat(clamp(j - V - N, 0, F - 1), 0));
        den.define(den_in, V + N + F, h_den, den_w, den_u, den_b, j);
        out_mv(j) = 0.0f;
        out_mv(j) += w_out(rg, j) * den.h_new(rg);
        gains(j, b) = sigmoid(out_mv(j) + b_out(j));
        h_vad_new(j, b) = vad.h_new(j);
        h_noise_new(j, b) = noise.h_new(j);
        h_den_new(j, b) = den.h_new(j);
    }

    // Every intermediate stage, in graph order.
    std::vector<Halide::Func> stages() {
        std::vector<Halide::Func> v = {din_mv, d};
        for (Gru *g : {&vad, &noise, &den}) {
            if (g == &noise) v.push_back(noise_in);
            if (g == &den) v.push_back(den_in);
            for (Halide::Func f : {g->gx, g->uh, g->rh, g->un, g->h_new}) v.push_back(f);
        }
        v.push_back(out_mv);
        return v;
    }

    ekb::Kernel kernel() {
        return {{feat, h_vad, h_noise, h_den, w_in, b_in, vad_w, vad_u, vad_b, noise_w, noise_u, noise_b, den_w, den_u,
                 den_b, w_out, b_out},
                {gains, h_vad_new, h_noise_new, h_den_new}};
    }
};

}  // namespace task
