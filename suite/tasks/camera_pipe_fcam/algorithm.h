// Halide reference algorithm for task `camera_pipe_fcam`: the Halide camera pipeline
// (apps/camera_pipe, after the Frankencamera ISP) from a 10-bit GRBG raw to sharpened uint8
// RGB, all integer.
//   plane    the 4 Bayer sites of the 2x2 block at (x, y) (clamped at each plane's edge):
//            p = 0 g_gr (even row, even col), 1 r_r, 2 b_b, 3 g_gb
//   denoised clamp(plane, 0, max of the 4 same-colour neighbours)   (hot pixels)
//   g_r .. b_r  camera_pipe's edge-directed demosaic on the half-resolution planes (int16)
//   rgb      the full-resolution interleave of the demosaiced planes
//   curved   curve[clamp((ccm[c, 3] + ccm[c, :3] . rgb) >> 8, 0, 1023)]   (uint8)
//   out      curved + ((curved - blur121_x(blur121_y(curved))) * 32) / 32, saturated to uint8
// Halide dimension 0 is the last PyTorch dimension: raw(x, y) is raw[y, x], out(x, y, c) is
// out[c, y, x], ccm(k, c) is ccm[c, k].
#pragma once
#include <ekb/kernel.h>

namespace task {

constexpr int kStrengthX32 = 32;  // = get_init_inputs() in reference.py (sharpen strength 1.0)

// camera_pipe's avg: the rounded mean, computed without overflow.
inline Halide::Expr avg(Halide::Expr a, Halide::Expr b) {
    using namespace Halide;
    Type wider = a.type().with_bits(a.type().bits() * 2);
    return cast(a.type(), (cast(wider, a) + cast(wider, b) + 1) >> 1);
}

struct Algorithm {
    Halide::ImageParam raw{Halide::Int(16), 2, "raw"};      // [2HB, 2WB], GRBG, 10-bit
    Halide::ImageParam ccm{Halide::Int(16), 2, "ccm"};      // [3, 4], Q8 matrix | offset
    Halide::ImageParam curve{Halide::UInt(8), 1, "curve"};  // [1024]
    Halide::Var x{"x"}, y{"y"}, c{"c"}, p{"p"};
    Halide::Func plane{"plane"};        // (x, y, p): the Bayer planes, clamped at the edges
    Halide::Func denoised{"denoised"};  // (x, y, p): hot pixel suppression
    Halide::Func g_gr{"g_gr"}, r_r{"r_r"}, b_b{"b_b"}, g_gb{"g_gb"};  // the known samples
    Halide::Func g_r{"g_r"}, g_b{"g_b"};                              // green at red / blue
    Halide::Func r_gr{"r_gr"}, b_gr{"b_gr"}, r_gb{"r_gb"}, b_gb{"b_gb"};  // red/blue at green
    Halide::Func r_b{"r_b"}, b_r{"b_r"};  // red at blue, blue at red
    Halide::Func rgb{"rgb"};              // (x, y, c) full resolution, int16
    Halide::Func corrected{"corrected"};  // (x, y, c) the color-corrected value, int32
    Halide::Func curved{"curved"};        // (x, y, c) uint8 after the tone curve
    Halide::Func unsharp_y{"unsharp_y"}, unsharp{"unsharp"};  // blur121 vertical, horizontal
    Halide::Func out{"out"};              // the output, uint8

    Algorithm() {
        using namespace Halide;
        const Expr WB = raw.dim(0).extent() / 2, HB = raw.dim(1).extent() / 2;
        Expr xc = clamp(x, 0, WB - 1), yc = clamp(y, 0, HB - 1);
        plane(x, y, p) = raw(2 * xc + p % 2, 2 * yc + p / 2);
        Expr mx = max(max(plane(x - 1, y, p), plane(x + 1, y, p)),
                      max(plane(x, y - 1, p), plane(x, y + 1, p)));
        denoised(x, y, p) = clamp(plane(x, y, p), cast<int16_t>(0), mx);
        g_gr(x, y) = denoised(x, y, 0);
        r_r(x, y) = denoised(x, y, 1);
        b_b(x, y) = denoised(x, y, 2);
        g_gb(x, y) = denoised(x, y, 3);

        Expr gv_r = avg(g_gb(x, y - 1), g_gb(x, y)), gvd_r = absd(g_gb(x, y - 1), g_gb(x, y));
        Expr gh_r = avg(g_gr(x + 1, y), g_gr(x, y)), ghd_r = absd(g_gr(x + 1, y), g_gr(x, y));
        g_r(x, y) = select(ghd_r < gvd_r, gh_r, gv_r);
        Expr gv_b = avg(g_gr(x, y + 1), g_gr(x, y)), gvd_b = absd(g_gr(x, y + 1), g_gr(x, y));
        Expr gh_b = avg(g_gb(x - 1, y), g_gb(x, y)), ghd_b = absd(g_gb(x - 1, y), g_gb(x, y));
        g_b(x, y) = select(ghd_b < gvd_b, gh_b, gv_b);

        r_gr(x, y) = g_gr(x, y) - avg(g_r(x, y), g_r(x - 1, y)) + avg(r_r(x - 1, y), r_r(x, y));
        b_gr(x, y) = g_gr(x, y) - avg(g_b(x, y), g_b(x, y - 1)) + avg(b_b(x, y), b_b(x, y - 1));
        r_gb(x, y) = g_gb(x, y) - avg(g_r(x, y), g_r(x, y + 1)) + avg(r_r(x, y), r_r(x, y + 1));
        b_gb(x, y) = g_gb(x, y) - avg(g_b(x, y), g_b(x + 1, y)) + avg(b_b(x, y), b_b(x + 1, y));

        Expr rp_b = g_b(x, y) - avg(g_r(x, y), g_r(x - 1, y + 1)) + avg(r_r(x, y), r_r(x - 1, y + 1));
        Expr rpd_b = absd(r_r(x, y), r_r(x - 1, y + 1));
        Expr rn_b = g_b(x, y) - avg(g_r(x - 1, y), g_r(x, y + 1)) + avg(r_r(x - 1, y), r_r(x, y + 1));
        Expr rnd_b = absd(r_r(x - 1, y), r_r(x, y + 1));
        r_b(x, y) = select(rpd_b < rnd_b, rp_b, rn_b);
        Expr bp_r = g_r(x, y) - avg(g_b(x, y), g_b(x + 1, y - 1)) + avg(b_b(x, y), b_b(x + 1, y - 1));
        Expr bpd_r = absd(b_b(x, y), b_b(x + 1, y - 1));
        Expr bn_r = g_r(x, y) - avg(g_b(x + 1, y), g_b(x, y - 1)) + avg(b_b(x + 1, y), b_b(x, y - 1));
        Expr bnd_r = absd(b_b(x + 1, y), b_b(x, y - 1));
        b_r(x, y) = select(bpd_r < bnd_r, bp_r, bn_r);

        // Interleave: even rows are G R G R, odd rows B G B G.
        Expr hx = x / 2, hy = y / 2, ox = (x % 2) == 1, oy = (y % 2) == 1;
        Expr R = select(oy, select(ox, r_gb(hx, hy), r_b(hx, hy)), select(ox, r_r(hx, hy), r_gr(hx, hy)));
        Expr G = select(oy, select(ox, g_gb(hx, hy), g_b(hx, hy)), select(ox, g_r(hx, hy), g_gr(hx, hy)));
        Expr B = select(oy, select(ox, b_gb(hx, hy), b_b(hx, hy)), select(ox, b_r(hx, hy), b_gr(hx, hy)));
        rgb(x, y, c) = select(c == 0, R, c == 1, G, B);

        // The demosaiced values lie in [-1023, 2046] for 10-bit raw; the clamps change nothing
        // there but bound the int32 products for Halide's interval arithmetic (an int16 x int16
        // sum of three would overflow int32 in its constant folding).
        auto widen = [&](Expr e) { return clamp(cast<int32_t>(e), -2048, 4095); };
        Expr ir = widen(rgb(x, y, 0)), ig = widen(rgb(x, y, 1)), ib = widen(rgb(x, y, 2));
        corrected(x, y, c) = (cast<int32_t>(ccm(3, c)) + cast<int32_t>(ccm(0, c)) * ir +
                              cast<int32_t>(ccm(1, c)) * ig + cast<int32_t>(ccm(2, c)) * ib) >> 8;
        curved(x, y, c) = curve(clamp(corrected(x, y, c), 0, 1023));

        unsharp_y(x, y, c) = avg(avg(curved(x, y - 1, c), curved(x, y + 1, c)), curved(x, y, c));
        unsharp(x, y, c) = avg(avg(unsharp_y(x - 1, y, c), unsharp_y(x + 1, y, c)), unsharp_y(x, y, c));
        Expr v = cast<int32_t>(curved(x, y, c));
        Expr mask = v - cast<int32_t>(unsharp(x, y, c));
        out(x, y, c) = cast<uint8_t>(clamp(v + (mask * kStrengthX32) / 32, 0, 255));
    }

    ekb::Kernel kernel() { return {{raw, ccm, curve}, {out}}; }
};

}  // namespace task
