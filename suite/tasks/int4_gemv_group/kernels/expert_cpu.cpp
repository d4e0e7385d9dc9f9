// Expert cpu schedule for `int4_gemv_group`: bound by streaming the packed weights once.
// Algorithm rewrite: x is split once into its even and odd features (xe, xo), so that the
// low and high nibbles of 16 consecutive bytes multiply 16 consecutive xe and xo; a group
// of 32 weights is then one 16-byte load, two nibble extractions, two int-to-float
// conversions and two multiply-adds in 16 float lanes, and its scale is applied once per
// group to the 16 lanes: acc(u, n) = sum_g scale(g, n) * ((lo - 8) * xe + (hi - 8) * xo)
// at lane u of group g, and y(n) = sum_u acc(u, n). Tiles of 4 rows keep 4 independent
// accumulator chains in registers; blocks of 64 rows run in parallel.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int half = task::group / 2;  // bytes per group: 16
    const int rows = 4;
    Var u{"u"}, j{"j"}, nb{"nb"}, nr{"nr"}, no{"no"}, ni{"ni"};
    Expr K = a.x.dim(0).extent();
    // @layer compute
    Func xe{"xe"}, xo{"xo"}, acc{"acc_lanes"}, y{"y_out"};
    xe(j) = a.x(2 * j);
    xo(j) = a.x(2 * j + 1);
    RDom g(0, K / task::group, "g");
    Expr byte = cast<int32_t>(a.packed(g * half + u, a.n));
    Expr lo = cast<float>((byte & 15) - task::zero), hi = cast<float>((byte >> 4) - task::zero);
    acc(u, a.n) = 0.0f;
    acc(u, a.n) += a.scales(g, a.n) * (lo * xe(g * half + u) + hi * xo(g * half + u));
    RDom l(0, half, "l");
    y(a.n) = 0.0f;
    y(a.n) += acc(l, a.n);
    // @layer loops
    xe.compute_root();
    xo.compute_root();
    y.split(a.n, nb, nr, 64, TailStrategy::GuardWithIf).parallel(nb)
        .split(nr, no, ni, rows, TailStrategy::GuardWithIf);
    y.update().split(a.n, nb, nr, 64, TailStrategy::GuardWithIf).parallel(nb)
        .split(nr, no, ni, rows, TailStrategy::GuardWithIf);
    // @layer memory
    acc.compute_at(y, no);
    // @layer vector
    xe.vectorize(j, 8, TailStrategy::GuardWithIf);
    xo.vectorize(j, 8, TailStrategy::GuardWithIf);
    acc.bound(u, 0, half).vectorize(u).unroll(a.n, rows, TailStrategy::GuardWithIf);
    acc.update().reorder(u, a.n, g).vectorize(u).unroll(a.n, rows, TailStrategy::GuardWithIf);
    y.update().unroll(l);
    // @end
    return {{a.packed, a.scales, a.x}, {y}};
}
