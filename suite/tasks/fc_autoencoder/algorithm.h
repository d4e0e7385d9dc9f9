// Halide reference algorithm for task `fc_autoencoder`: the MLPerf Tiny anomaly-detection
// autoencoder, 10 dense layers (batch norm folded), ReLU after all but the last:
//   layer 0: D -> HD (w_in)        layers 1-3: HD -> HD (w_enc[0..2])   layer 4: HD -> Z (w_z)
//   layer 5: Z -> HD (w_dec_in)    layers 6-8: HD -> HD (w_dec[0..2])   layer 9: HD -> D (w_out)
// lin[k](o, b) = bias_k(o) + sum_i W_k(i, o) act[k-1](i, b), act[k] = ReLU(lin[k]) (k < 9),
// y = lin[9]. Halide dimension 0 is the last PyTorch dimension: x(i, b) is x[b, i],
// w_in(i, o) is w_in[o, i], w_enc(i, o, l) is w_enc[l, o, i].
#pragma once
#include <ekb/kernel.h>

#include <string>

namespace task {

struct Algorithm {
    static constexpr int layers = 10;

    Halide::ImageParam x{Halide::Float(32), 2, "x"};                // [B, D]
    Halide::ImageParam w_in{Halide::Float(32), 2, "w_in"};          // [HD, D]
    Halide::ImageParam b_in{Halide::Float(32), 1, "b_in"};          // [HD]
    Halide::ImageParam w_enc{Halide::Float(32), 3, "w_enc"};        // [3, HD, HD]
    Halide::ImageParam b_enc{Halide::Float(32), 2, "b_enc"};        // [3, HD]
    Halide::ImageParam w_z{Halide::Float(32), 2, "w_z"};            // [Z, HD]
    Halide::ImageParam b_z{Halide::Float(32), 1, "b_z"};            // [Z]
    Halide::ImageParam w_dec_in{Halide::Float(32), 2, "w_dec_in"};  // [HD, Z]
    Halide::ImageParam b_dec_in{Halide::Float(32), 1, "b_dec_in"};  // [HD]
    Halide::ImageParam w_dec{Halide::Float(32), 3, "w_dec"};        // [3, HD, HD]
    Halide::ImageParam b_dec{Halide::Float(32), 2, "b_dec"};        // [3, HD]
    Halide::ImageParam w_out{Halide::Float(32), 2, "w_out"};        // [D, HD]
    Halide::ImageParam b_out{Halide::Float(32), 1, "b_out"};        // [D]
    Halide::Var o{"o"}, b{"b"};  // o: an output feature of a layer, b: the frame in the batch
    Halide::RDom ri[layers];     // the input features of each layer
    Halide::Func lin[layers];    // "lin0".."lin9": bias + W act: a reduction over ri[k]
    Halide::Func act[layers - 1];  // "act0".."act8": ReLU(lin[k])
    Halide::Func y{"y"};           // the output: lin[9]

    Algorithm() {
        using namespace Halide;
        Expr D = x.dim(0).extent(), HD = w_in.dim(1).extent(), Z = w_z.dim(1).extent();
        for (int k = 0; k < layers; k++) {
            lin[k] = Func("lin" + std::to_string(k));
            if (k < layers - 1) act[k] = Func("act" + std::to_string(k));
        }
        // The weight and the bias of each layer; the stacked layers index their slice.
        auto W = [&](int k, Expr i, Expr out) -> Expr {
            if (k == 0) return w_in(i, out);
            if (k <= 3) return w_enc(i, out, k - 1);
            if (k == 4) return w_z(i, out);
            if (k == 5) return w_dec_in(i, out);
            if (k <= 8) return w_dec(i, out, k - 6);
            return w_out(i, out);
        };
        auto bias = [&](int k, Expr out) -> Expr {
            if (k == 0) return b_in(out);
            if (k <= 3) return b_enc(out, k - 1);
            if (k == 4) return b_z(out);
            if (k == 5) return b_dec_in(out);
            if (k <= 8) return b_dec(out, k - 6);
            return b_out(out);
        };
        for (int k = 0; k < layers; k++) {
            Expr fan_in = k == 0 ? D : (k == 5 ? Z : HD);
            ri[k] = RDom(0, fan_in, "ri" + std::to_string(k));
            Expr in = k == 0 ? x(ri[k], b) : act[k - 1](ri[k], b);
            lin[k](o, b) = bias(k, o);
            lin[k](o, b) += W(k, ri[k], o) * in;
            if (k < layers - 1) act[k](o, b) = max(lin[k](o, b), 0.0f);
        }
        y(o, b) = lin[layers - 1](o, b);
    }

    ekb::Kernel kernel() {
        return {{x, w_in, b_in, w_enc, b_enc, w_z, b_z, w_dec_in, b_dec_in, w_dec, b_dec, w_out,
                 b_out},
                {y}};
    }
};

}  // namespace task
