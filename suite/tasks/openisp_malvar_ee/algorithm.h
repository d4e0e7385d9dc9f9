// Halide reference algorithm for task `openisp_malvar_ee`: an OpenISP-style pipeline from a
// 10-bit RGGB raw to full-resolution YCbCr with edge enhancement.
//   lin(x, y)  = max(raw - 64, 0) / 959 * wb(ch), ch = 2 (y % 2) + x % 2 (R, Gr, Gb, B)
//   m          = lin mirrored without repeating the edge (reflect-101)
//   R, G, B    Malvar-He-Cutler: the site's own sample, or one of four 5x5 kernels / 8
//              (green at R/B, "row" and "column" kernels at G sites, "diagonal" at B/R)
//   s(c)       = clamp(ccm(c) . rgb, 0, 1)^(1/2.2)
//   luma, Cb, Cr  BT.601 full range of s
//   out(0)     = clamp(Y + em, 0, 1), em = e - clamp(e, -0.05, 0.05),
//                e = (8 Y - sum of the 8 neighbours) / 8 (Y clamped at the frame's edge)
// Halide dimension 0 is the last PyTorch dimension: raw(x, y) is raw[y, x], ccm(k, c) is
// ccm[c, k], out(x, y, c) is out[c, y, x].
#pragma once
#include <ekb/kernel.h>

namespace task {

// = get_init_inputs() in reference.py
constexpr float kBlack = 64.0f, kWhite = 1023.0f, kCore = 0.05f, kGainEE = 1.0f;

struct Algorithm {
    Halide::ImageParam raw{Halide::Int(16), 2, "raw"};    // [2HB, 2WB] RGGB
    Halide::ImageParam wb{Halide::Float(32), 1, "wb"};    // [4] R, Gr, Gb, B gains
    Halide::ImageParam ccm{Halide::Float(32), 2, "ccm"};  // [3, 3]
    Halide::Var x{"x"}, y{"y"}, c{"c"};
    Halide::Func lin{"lin"};      // (x, y) black level, normalization, white balance
    Halide::Func m{"m"};          // (x, y) lin with reflect-101 borders
    Halide::Func demosaic{"demosaic"};  // (x, y, c) Malvar-He-Cutler
    Halide::Func gam{"gam"};      // (x, y, c) CCM, clamp, gamma
    Halide::Func luma{"luma"};    // (x, y)
    Halide::Func out{"out"};      // (x, y, c): Y after edge enhancement, Cb, Cr

    Algorithm() {
        using namespace Halide;
        const Expr W = raw.dim(0).extent(), H = raw.dim(1).extent();
        lin(x, y) = max(cast<float>(raw(x, y)) - kBlack, 0.0f) * (1.0f / (kWhite - kBlack)) *
                    wb(2 * (y % 2) + x % 2);
        m(x, y) = BoundaryConditions::mirror_interior(lin, {{0, W}, {0, H}})(x, y);
        // The 5x5 kernels (x 1/8), k[i][j] the tap at row offset i - 2, column offset j - 2,
        // summed in row-major order (zero taps skipped), as in reference.py.
        const float kg[5][5] = {{0, 0, -1, 0, 0}, {0, 0, 2, 0, 0}, {-1, 2, 4, 2, -1}, {0, 0, 2, 0, 0}, {0, 0, -1, 0, 0}};
        const float kr[5][5] = {{0, 0, 0.5f, 0, 0}, {0, -1, 0, -1, 0}, {-1, 4, 5, 4, -1}, {0, -1, 0, -1, 0}, {0, 0, 0.5f, 0, 0}};
        const float kd[5][5] = {{0, 0, -1.5f, 0, 0}, {0, 2, 0, 2, 0}, {-1.5f, 0, 6, 0, -1.5f}, {0, 2, 0, 2, 0}, {0, 0, -1.5f, 0, 0}};
        auto conv = [&](const float (*k)[5], bool transpose) {
            Expr s;
            for (int i = 0; i < 5; i++) {
                for (int j = 0; j < 5; j++) {
                    float w = transpose ? k[j][i] : k[i][j];
                    if (w == 0.0f) continue;
                    Expr t = w * m(x + j - 2, y + i - 2);
                    s = s.defined() ? s + t : t;
                }
            }
            return s * 0.125f;
        };
        Expr ctr = m(x, y), g_rb = conv(kg, false), krow = conv(kr, false), kcol = conv(kr, true), kdiag = conv(kd, false);
        Expr oy = (y % 2) == 1, ox = (x % 2) == 1;
        Expr R = select(oy, select(ox, kdiag, kcol), select(ox, krow, ctr));
        Expr G = select(ox == oy, g_rb, ctr);
        Expr B = select(oy, select(ox, ctr, krow), select(ox, kcol, kdiag));
        demosaic(x, y, c) = select(c == 0, R, c == 1, G, B);
        Expr cc = (ccm(0, c) * demosaic(x, y, 0) + ccm(1, c) * demosaic(x, y, 1)) + ccm(2, c) * demosaic(x, y, 2);
        gam(x, y, c) = pow(clamp(cc, 0.0f, 1.0f), 1.0f / 2.2f);
        Expr r = gam(x, y, 0), g = gam(x, y, 1), b = gam(x, y, 2);
        luma(x, y) = 0.299f * r + 0.587f * g + 0.114f * b;
        auto L = [&](Expr xx, Expr yy) { return luma(clamp(xx, 0, W - 1), clamp(yy, 0, H - 1)); };
        Expr nb = ((L(x - 1, y - 1) + L(x, y - 1)) + (L(x + 1, y - 1) + L(x - 1, y))) +
                  ((L(x + 1, y) + L(x - 1, y + 1)) + (L(x, y + 1) + L(x + 1, y + 1)));
        Expr e = (8.0f * luma(x, y) - nb) * 0.125f;
        Expr em = e - clamp(e, -kCore, kCore);
        Expr y2 = clamp(luma(x, y) + kGainEE * em, 0.0f, 1.0f);
        Expr cb = -0.168736f * r - 0.331264f * g + 0.5f * b + 0.5f;
        Expr cr = 0.5f * r - 0.418688f * g - 0.081312f * b + 0.5f;
        out(x, y, c) = select(c == 0, y2, c == 1, cb, cr);
    }

    ekb::Kernel kernel() { return {{raw, wb, ccm}, {out}}; }
};

}  // namespace task
