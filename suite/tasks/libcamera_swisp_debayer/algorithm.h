// Halide reference algorithm for task `libcamera_swisp_debayer`: libcamera's software ISP
// debayer of an unpacked 10-bit BGGR raw to BGR888 through per-channel lookup tables.
//   m(x, y)   raw, mirrored at the borders without repeating the edge (reflect-101)
//   b, g, r   integer indices: the pixel itself / 4, the mean of 2 neighbours as sum / 8,
//             of 4 neighbours as sum / 16 (truncating), by the site's CFA phase
//   out(0, x, y) = luts(b, 2), out(1, ..) = luts(g, 1), out(2, ..) = luts(r, 0)
// Halide dimension 0 is the last PyTorch dimension: raw(x, y) is raw[y, x],
// luts(i, ch) is luts[ch, i], out(c, x, y) is out[y, x, c].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    Halide::ImageParam raw{Halide::Int(16), 2, "raw"};     // [H, W], BGGR, 10-bit
    Halide::ImageParam luts{Halide::UInt(8), 2, "luts"};   // [3, 256]: red, green, blue
    Halide::Var x{"x"}, y{"y"}, c{"c"};
    Halide::Func m{"m"};      // (x, y) int32, mirrored borders
    Halide::Func idx{"idx"};  // (c, x, y) the table index of output channel c (B, G, R)
    Halide::Func out{"out"};  // (c, x, y) uint8

    Algorithm() {
        using namespace Halide;
        const Expr W = raw.dim(0).extent(), H = raw.dim(1).extent();
        Func mir = BoundaryConditions::mirror_interior(raw, {{0, W}, {0, H}});
        m(x, y) = cast<int32_t>(mir(x, y));
        Expr ctr = m(x, y);
        Expr up = m(x, y - 1), down = m(x, y + 1), left = m(x - 1, y), right = m(x + 1, y);
        Expr diag = m(x - 1, y - 1) + m(x + 1, y - 1) + m(x - 1, y + 1) + m(x + 1, y + 1);
        Expr cross = up + left + right + down;
        Expr hor = left + right, ver = up + down;
        Expr oy = (y % 2) == 1, ox = (x % 2) == 1;
        Expr bsite = !oy && !ox, rsite = oy && ox, gb = !oy && ox, gr = oy && !ox;
        Expr b = select(bsite, ctr / 4, gb, hor / 8, gr, ver / 8, diag / 16);
        Expr g = select(bsite || rsite, cross / 16, ctr / 4);
        Expr r = select(rsite, ctr / 4, gr, hor / 8, gb, ver / 8, diag / 16);
        idx(c, x, y) = select(c == 0, b, c == 1, g, r);
        out(c, x, y) = luts(clamp(idx(c, x, y), 0, 255), 2 - c);
    }

    ekb::Kernel kernel() { return {{raw, luts}, {out}}; }
};

}  // namespace task
