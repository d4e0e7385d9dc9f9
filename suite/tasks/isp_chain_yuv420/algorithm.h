// Halide reference algorithm for task `isp_chain_yuv420`: a camera ISP from a 10-bit RGGB
// Bayer raw (int16 container) to planar YUV 4:2:0.
//   lin = max((raw - 64) / 959, 0)
//   rgb = bilinear demosaic of lin (replicate borders), same neighbour means as camera_isp
//   s   = sRGB(clamp(ccm @ (rgb * gains), 0, 1))
//   y   = BT.601 luma of s (full resolution); uv = Cb, Cr of s averaged over 2x2 blocks
// Halide dimension 0 is the last PyTorch dimension: raw(x, y) is raw[y, x],
// uv(x, y, c) is uv[c, y, x].
#pragma once
#include <ekb/kernel.h>

namespace task {

constexpr float kBlack = 64.0f, kWhite = 1023.0f;  // = get_init_inputs() in reference.py

inline Halide::Expr srgb(Halide::Expr v) {
    return Halide::select(v <= 0.0031308f, 12.92f * v, 1.055f * Halide::pow(v, 1.0f / 2.4f) - 0.055f);
}

struct Algorithm {
    Halide::ImageParam raw{Halide::Int(16), 2, "raw"};        // [2HB, 2WB], RGGB
    Halide::ImageParam gains{Halide::Float(32), 1, "gains"};  // [3]
    Halide::ImageParam ccm{Halide::Float(32), 2, "ccm"};      // [3, 3]
    Halide::Var x{"x"}, y{"y"}, c{"c"};
    Halide::Func lin{"lin"};          // max((raw - black) / (white - black), 0)
    Halide::Func clamped{"clamped"};  // lin with x, y clamped to the image (replicate borders)
    Halide::Func red{"red"}, green{"green"}, blue{"blue"};  // the demosaiced planes
    Halide::Func cc{"cc"};            // ccm @ (rgb * gains), (x, y, c)
    Halide::Func srgb_px{"srgb_px"};  // sRGB(clamp(cc, 0, 1)), (x, y, c)
    Halide::Func chroma{"chroma"};    // full-resolution Cb (c = 0) and Cr (c = 1)
    Halide::Func y_out{"y_out"};      // output y: the luma
    Halide::Func uv_out{"uv_out"};    // output uv: chroma averaged over 2x2 blocks

    Algorithm() {
        using namespace Halide;
        const Expr W = raw.dim(0).extent(), H = raw.dim(1).extent();
        lin(x, y) = max((cast<float>(raw(x, y)) - kBlack) * (1.0f / (kWhite - kBlack)), 0.0f);
        clamped(x, y) = BoundaryConditions::repeat_edge(lin, {{0, W}, {0, H}})(x, y);
        Expr l = clamped(x - 1, y), r = clamped(x + 1, y), u = clamped(x, y - 1), d = clamped(x, y + 1);
        Expr hor = (l + r) * 0.5f, ver = (u + d) * 0.5f, cross = ((l + r) + (u + d)) * 0.25f;
        Expr diag = ((clamped(x - 1, y - 1) + clamped(x + 1, y - 1)) +
                     (clamped(x - 1, y + 1) + clamped(x + 1, y + 1))) * 0.25f;
        Expr odd_x = (x % 2) == 1, odd_y = (y % 2) == 1, ctr = clamped(x, y);
        red(x, y) = select(odd_y, select(odd_x, diag, ver), select(odd_x, hor, ctr));
        green(x, y) = select(odd_x != odd_y, ctr, cross);
        blue(x, y) = select(odd_y, select(odd_x, ctr, hor), select(odd_x, ver, diag));
        Expr wr = red(x, y) * gains(0), wg = green(x, y) * gains(1), wb = blue(x, y) * gains(2);
        cc(x, y, c) = (ccm(0, c) * wr + ccm(1, c) * wg) + ccm(2, c) * wb;
        srgb_px(x, y, c) = srgb(clamp(cc(x, y, c), 0.0f, 1.0f));
        Expr R = srgb_px(x, y, 0), G = srgb_px(x, y, 1), B = srgb_px(x, y, 2);
        y_out(x, y) = 0.299f * R + 0.587f * G + 0.114f * B;
        chroma(x, y, c) = select(c == 0, -0.168736f * R - 0.331264f * G + 0.5f * B + 0.5f,
                                 0.5f * R - 0.418688f * G - 0.081312f * B + 0.5f);
        uv_out(x, y, c) = ((chroma(2 * x, 2 * y, c) + chroma(2 * x + 1, 2 * y, c)) +
                           (chroma(2 * x, 2 * y + 1, c) + chroma(2 * x + 1, 2 * y + 1, c))) * 0.25f;
    }

    ekb::Kernel kernel() { return {{raw, gains, ccm}, {y_out, uv_out}}; }
};

}  // namespace task
