// Halide reference algorithm for task `camera_isp`: black level, bilinear RGGB demosaic
// (clamp-to-edge), white balance, 3x3 color correction, clamp and gamma 1/2.2.
// R at (even y, even x), G at (even y, odd x) and (odd y, even x), B at (odd y, odd x).
// Halide dimension 0 is the last PyTorch dimension: raw(x, y) is raw[y, x], ccm(k, c) is
// ccm[c, k] and out(x, y, c) is out[c, y, x].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    Halide::ImageParam raw{Halide::Float(32), 2, "raw"};      // [H, W], RGGB, H and W even
    Halide::ImageParam gains{Halide::Float(32), 1, "gains"};  // [3]
    Halide::ImageParam ccm{Halide::Float(32), 2, "ccm"};      // [3, 3]
    Halide::Var x{"x"}, y{"y"}, c{"c"};                       // out[c, y, x]: c is R, G, B
    Halide::Func lin{"lin"};          // max((raw - black) * scale, 0)
    Halide::Func clamped{"clamped"};  // lin with x, y clamped to the image (replicate borders)
    Halide::Func hor{"hor"};          // (left + right) / 2
    Halide::Func ver{"ver"};          // (up + down) / 2
    Halide::Func cross{"cross"};      // (left + right + up + down) / 4
    Halide::Func diag{"diag"};        // (the 4 diagonal neighbours) / 4
    Halide::Func red{"red"};          // lin at R, hor at Gr, ver at Gb, diag at B
    Halide::Func green{"green"};      // cross at R and B, lin at Gr and Gb
    Halide::Func blue{"blue"};        // diag at R, ver at Gr, hor at Gb, lin at B
    Halide::Func wb{"wb"};            // the demosaiced planes times gains[c]
    Halide::Func cc{"cc"};            // ccm @ wb per pixel
    Halide::Func out{"out"};          // the output: clamp(cc, 0, 1) ^ gamma

    Algorithm() {
        using namespace Halide;
        // = get_init_inputs() in reference.py
        const float black = 0.0625f, scale = 1.0f / (1.0f - 0.0625f), gamma = 1.0f / 2.2f;
        const Expr W = raw.dim(0).extent(), H = raw.dim(1).extent();
        lin(x, y) = max((raw(x, y) - black) * scale, 0.0f);
        clamped(x, y) = BoundaryConditions::repeat_edge(lin, {{0, W}, {0, H}})(x, y);
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
        wb(x, y, c) = mux(c, {red(x, y), green(x, y), blue(x, y)}) * gains(c);
        cc(x, y, c) = (ccm(0, c) * wb(x, y, 0) + ccm(1, c) * wb(x, y, 1)) + ccm(2, c) * wb(x, y, 2);
        out(x, y, c) = pow(clamp(cc(x, y, c), 0.0f, 1.0f), gamma);
    }

    ekb::Kernel kernel() { return {{raw, gains, ccm}, {out}}; }
};

}  // namespace task
