// Halide reference algorithm for task `pointpillars_pfn_scatter_conv`: the PointPillars
// pillar feature net, the scatter to the BEV pseudo-image (a gather through the voxelizer's
// dense cell-to-pillar grid) and the first backbone conv (3x3, stride 2, pad 1, ReLU).
//   h(c, t, p) = t < npts[p] ? relu(b_pfn[c] + sum_k w_pfn[c, k] pfeat[p, t, k]) : 0
//   pf(c, p) = max over t of h(c, t, p)   (from 0: h >= 0 and t = 0 is always valid)
//   canvas(x, y, c) = inside and cell_idx[y, x] >= 0 ? pf(c, cell_idx[y, x] mod P) : 0
//   out(x, y, o) = relu(b_conv[o] + sum_{c, ky, kx} w_conv[o, c, ky, kx] canvas(2x + kx - 1, 2y + ky - 1, c))
// Halide dimension 0 is the last PyTorch dimension: pfeat(k, t, p) is pfeat[p, t, k],
// cell_idx(x, y) is cell_idx[y, x], w_conv(kx, ky, c, o) is w_conv[o, c, ky, kx].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    Halide::ImageParam pfeat{Halide::Float(32), 3, "pfeat"};        // [P, T, Cin]
    Halide::ImageParam npts{Halide::Int(32), 1, "npts"};            // [P]
    Halide::ImageParam cell_idx{Halide::Int(32), 2, "cell_idx"};    // [H, W]
    Halide::ImageParam w_pfn{Halide::Float(32), 2, "w_pfn"};        // [C, Cin]
    Halide::ImageParam b_pfn{Halide::Float(32), 1, "b_pfn"};        // [C]
    Halide::ImageParam w_conv{Halide::Float(32), 4, "w_conv"};      // [Co, C, 3, 3]
    Halide::ImageParam b_conv{Halide::Float(32), 1, "b_conv"};      // [Co]
    // c: a PFN channel, t: a point of a pillar, p: a pillar, x, y: BEV columns and rows,
    // o: a conv output channel, b: the batch (1).
    Halide::Var c{"c"}, t{"t"}, p{"p"}, x{"x"}, y{"y"}, o{"o"}, b{"b"};
    Halide::RDom rk;  // PFN inputs (Cin)
    Halide::RDom rt;  // the points of a pillar (T): the max
    Halide::RDom rc;  // conv taps: rc.x kx, rc.y ky, rc.z input channel (3 x 3 x C)
    Halide::Func lin{"lin"}, h{"h"}, pf{"pf"}, canvas{"canvas"}, conv{"conv"}, out{"out"};

    Algorithm() {
        using namespace Halide;
        Expr P = pfeat.dim(2).extent(), W = cell_idx.dim(0).extent(), H = cell_idx.dim(1).extent();
        rk = RDom(0, pfeat.dim(0).extent(), "rk");
        rt = RDom(0, pfeat.dim(1).extent(), "rt");
        rc = RDom(0, 3, 0, 3, 0, b_pfn.dim(0).extent(), "rc");
        lin(c, t, p) = b_pfn(c);
        lin(c, t, p) += w_pfn(rk, c) * pfeat(rk, t, p);
        h(c, t, p) = select(t < npts(p), max(lin(c, t, p), 0.0f), 0.0f);
        pf(c, p) = 0.0f;
        pf(c, p) = max(pf(c, p), h(c, rt, p));
        Expr inside = x >= 0 && x < W && y >= 0 && y < H;
        Expr id = cell_idx(clamp(x, 0, W - 1), clamp(y, 0, H - 1));
        canvas(x, y, c) = select(inside && id >= 0, pf(c, clamp(id % P, 0, P - 1)), 0.0f);
        conv(x, y, o) = b_conv(o);
        conv(x, y, o) += w_conv(rc.x, rc.y, rc.z, o) * canvas(2 * x + rc.x - 1, 2 * y + rc.y - 1, rc.z);
        out(x, y, o, b) = max(conv(x, y, o), 0.0f);
    }

    ekb::Kernel kernel() { return {{pfeat, npts, cell_idx, w_pfn, b_pfn, w_conv, b_conv}, {out}}; }
};

}  // namespace task
