// Expert cpu schedule for `matched_filter`: the interleaved complex input of a block is
// deinterleaved once into planar real and imaginary rows (in L1), then each group of 2 output
// vectors keeps its 4 accumulators (re, im of 2 vectors) in registers across all K template
// taps: per tap two broadcasts (s re, im) and four contiguous loads feed 8 multiply-adds.
// Vectors first (a guarded last vector), then blocks of 2 vectors, blocks of 1024 outputs of
// every channel in parallel for large calls.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    Var nv{"nv"}, ni{"ni"}, ng{"ng"}, nb{"nb"}, t{"t"}, i{"i"}, e{"e"};
    // @layer compute
    Func planar{"planar"}, corr{"corr_v"}, y{"y_v"};
    planar(i, e, a.c) = a.x(e, i, a.c);
    Expr xr = planar(a.n + a.k, 0, a.c), xi = planar(a.n + a.k, 1, a.c);
    Expr sr = a.s(0, a.k), si = a.s(1, a.k);
    corr(a.n, a.c) = {0.0f, 0.0f};
    corr(a.n, a.c) = {corr(a.n, a.c)[0] + (xr * sr + xi * si), corr(a.n, a.c)[1] + (xi * sr - xr * si)};
    y(a.n, a.c) = corr(a.n, a.c)[0] * corr(a.n, a.c)[0] + corr(a.n, a.c)[1] * corr(a.n, a.c)[1];
    // @layer loops
    y.split(a.n, nv, ni, vec, TailStrategy::GuardWithIf)
        .split(nv, ng, nv, 2, TailStrategy::GuardWithIf)
        .split(ng, nb, ng, 1024 / (2 * vec), TailStrategy::GuardWithIf)
        .fuse(nb, a.c, t);
    // @layer memory
    planar.compute_at(y, t).bound(e, 0, 2);
    corr.compute_at(y, ng);
    // @layer vector
    planar.reorder(i, e).vectorize(i, vec, TailStrategy::GuardWithIf).unroll(e);
    y.vectorize(ni).unroll(nv);
    corr.vectorize(a.n, vec, TailStrategy::GuardWithIf);
    corr.update().split(a.n, nv, ni, vec, TailStrategy::GuardWithIf).reorder(ni, nv, a.k).vectorize(ni).unroll(nv);
    y.specialize(a.x.dim(1).extent() * a.x.dim(2).extent() * a.s.dim(1).extent() >= 65536).parallel(t);
    // @end
    return {{a.x, a.s}, {y}};
}
