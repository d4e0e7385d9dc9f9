// Halide reference algorithm for task `demosaic_white_balance`: bilinear demosaicing of an
// RGGB Bayer mosaic with clamp-to-edge borders, then per-channel white-balance gains and a
// clamp to [0, 1]. R at (even y, even x), G at (even y, odd x) and (odd y, even x), B at
// (odd y, odd x); each missing colour is the mean of the nearest samples.
// Halide dimension 0 is the last PyTorch dimension: raw(x, y) is raw[y, x] and out(x, y, c)
// is out[c, y, x].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    Halide::ImageParam raw{Halide::Float(32), 2, "raw"};      // [H, W], RGGB, H and W even
    Halide::ImageParam gains{Halide::Float(32), 1, "gains"};  // [3]
    Halide::Var x{"x"}, y{"y"}, c{"c"};                       // out[c, y, x]: c is R, G, B
    Halide::Func clamped{"clamped"};  // raw with x, y clamped to the image (replicate borders)
    Halide::Func hor{"hor"};          // (left + right) / 2
    Halide::Func ver{"ver"};          // (up + down) / 2
    Halide::Func cross{"cross"};      // (left + right + up + down) / 4
    Halide::Func diag{"diag"};        // (the 4 diagonal neighbours) / 4
    Halide::Func red{"red"};          // raw at R, hor at Gr, ver at Gb, diag at B
    Halide::Func green{"green"};      // cross at R and B, raw at Gr and Gb
    Halide::Func blue{"blue"};        // diag at R, ver at Gr, hor at Gb, raw at B
    Halide::Func rgb{"rgb"};          // the demosaiced planes R, G, B
    Halide::Func out{"out"};          // the output: rgb * gains[c], clamped to [lo, hi]

    Algorithm() {
        using namespace Halide;
        const float lo = 0.0f, hi = 1.0f;  // = get_init_inputs() in reference.py
        clamped(x, y) = BoundaryConditions::repeat_edge(raw)(x, y);
        Expr l = clamped(x - 1, y), r = clamped(x + 1, y), u = clamped(x, y - 1), d = clamped(x, y + 1);
        hor(x, y) = (l + r) * 0.5f;
        ver(x, y) = (u + d) * 0.5f;
        cross(x, y) = ((l + r) + (u + d)) * 0.25f;
        diag(x, y) = ((clamped(x - 1, y - 1) + clamped(x + 1, y - 1)) +
                      (clamped(x - 1, y + 1) + clamped(x + 1, y + 1))) * 0.25f;
        Expr odd_x = (x % 2) == 1, odd_y = (y % 2) == 1;
        Expr ctr = clamped(x, y);
        // R row (even y): R (even x), Gr (odd x); B row (odd y): Gb (even x), B (odd x)
        red(x, y) = select(odd_y, select(odd_x, diag(x, y), ver(x, y)), select(odd_x, hor(x, y), ctr));
        green(x, y) = select(odd_x != odd_y, ctr, cross(x, y));
        blue(x, y) = select(odd_y, select(odd_x, ctr, hor(x, y)), select(odd_x, ver(x, y), diag(x, y)));
        rgb(x, y, c) = mux(c, {red(x, y), green(x, y), blue(x, y)});
        out(x, y, c) = clamp(rgb(x, y, c) * gains(c), lo, hi);
    }

    ekb::Kernel kernel() { return {{raw, gains}, {out}}; }
};

}  // namespace task
