// Expert cpu schedule for `zero_crossing_rate`: an algorithm rewrite that counts every sample
// pair once instead of twice. Frame f is blocks f and f + 1, so its count is
//   inner(f) + edge(f) + inner(f + 1)
// with inner(b) the crossings inside block b (pairs (h - 1, h), h in [1, H)) and edge(b) the
// pair (last sample of block b, first of block b + 1); no div/mod on the stream index.
// inner(b) is a vector count: each lane u sums the pairs h = 1 + v*vec + u over the whole
// vectors of the block (contiguous unaligned loads of two neighbouring windows, integer
// compare-and-add, no gathers), then the lanes are folded and the < vec leftover pairs added
// scalarly (down to H = 1, where there are none). Blocks are taken in strips of 64 frames,
// strips of all channels in parallel for large calls; the rates of a strip are vectorized
// over frames.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    const TailStrategy guard = TailStrategy::GuardWithIf;
    Var h{"h"}, b{"b"}, u{"u"}, fo{"fo"}, fi{"fi"}, t{"t"};
    // @layer compute
    Expr H = a.x.dim(0).extent();
    Expr nv = (H - 1) / vec;  // whole vectors of pairs per block
    Func cr{"cr"}, lanes{"lanes"}, inner{"inner"}, zcr{"zcr_v"};
    cr(h, b, a.c) = select((a.x(h, b, a.c) >= 0.0f) != (a.x(h - 1, b, a.c) >= 0.0f), 1, 0);
    RDom rv(0, nv, "rv");
    lanes(u, b, a.c) = 0;
    lanes(u, b, a.c) += cr(1 + rv * vec + u, b, a.c);
    RDom rt(1 + nv * vec, H - 1 - nv * vec, "rt");  // the leftover pairs (< vec)
    Func tail{"tail"};
    tail(b, a.c) = 0;
    tail(b, a.c) += cr(rt, b, a.c);
    Expr folded = tail(b, a.c);
    for (int l = 0; l < vec; l++) folded += lanes(l, b, a.c);
    inner(b, a.c) = folded;
    Expr edge = select((a.x(H - 1, a.f, a.c) >= 0.0f) != (a.x(0, a.f + 1, a.c) >= 0.0f), 1, 0);
    zcr(a.f, a.c) = cast<float>(inner(a.f, a.c) + edge + inner(a.f + 1, a.c)) / cast<float>(2 * H);
    // @layer loops
    zcr.split(a.f, fo, fi, 64, guard).reorder(fi, fo, a.c).fuse(fo, a.c, t);
    // @layer memory
    inner.compute_at(zcr, t);
    lanes.compute_at(inner, b);
    tail.compute_at(inner, b);
    // @layer vector
    lanes.bound(u, 0, vec).vectorize(u);
    lanes.update().reorder(u, rv, b, a.c).vectorize(u);
    zcr.vectorize(fi, vec, guard);
    // Parallel only for large calls: below the threshold the thread pool's wake-up costs
    // more than the work.
    zcr.specialize(a.x.dim(0).extent() * a.x.dim(1).extent() * a.x.dim(2).extent() >= 32768).parallel(t);
    // @end
    return {{a.x}, {zcr}};
}
