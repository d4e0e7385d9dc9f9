// Halide reference algorithm for task `bilateral5x5`: a 5x5 bilateral filter with replicate
// borders. For each of the 25 taps q around p: w = exp(-(dx^2 + dy^2) cs - (I(q) - I(p))^2 cr)
// with cs = 1/(2 sigma_s^2), cr = 1/(2 sigma_r^2); out = sum w I(q) / sum w (taps summed in
// row-major order, as reference.py does).
// Halide dimension 0 is the last PyTorch dimension: img(x, y) is img[y, x].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    Halide::ImageParam img{Halide::Float(32), 2, "img"};  // [H, W]
    Halide::Var x{"x"}, y{"y"};                           // out[y, x]
    Halide::Func clamped{"clamped"};  // img with x, y clamped (replicate borders)
    Halide::Func num{"num"}, den{"den"};  // sum w I(q), sum w
    Halide::Func out{"out"};          // num / den

    Algorithm() {
        using namespace Halide;
        const int size = 5;                                 // = get_init_inputs() in reference.py
        const double sigma_space = 2.0, sigma_color = 0.1;
        const int k = size / 2;
        // in double, then rounded once, as PyTorch turns the Python scalars into float32
        const float cs = float(1.0 / (2.0 * sigma_space * sigma_space));
        const float cr = float(1.0 / (2.0 * sigma_color * sigma_color));
        clamped(x, y) = BoundaryConditions::repeat_edge(img)(x, y);
        Expr centre = clamped(x, y);
        Expr n = 0.0f, s = 0.0f;
        for (int dy = -k; dy <= k; dy++) {
            for (int dx = -k; dx <= k; dx++) {
                Expr q = clamped(x + dx, y + dy);
                Expr d = q - centre;
                Expr wt = exp(float(-(dx * dx + dy * dy) * double(cs)) - d * d * cr);
                n += wt * q;
                s += wt;
            }
        }
        num(x, y) = n;
        den(x, y) = s;
        out(x, y) = num(x, y) / den(x, y);
    }

    ekb::Kernel kernel() { return {{img}, {out}}; }
};

}  // namespace task
