// Expert cpu schedule for `orb_fast9_nms_u8`, as OpenCV's SIMD FAST runs it: strips of 32
// rows in parallel; per strip the clamped int16 image rows (38) are copied once, then the
// corner score of the strip's rows plus a one-row halo is computed into a buffer vectorized
// over columns (int16 lanes: the 16 differences, the 32 arc minima and maxima, all in
// registers), then the non-maximum suppression reads the score rows from cache and narrows
// to uint8. Arcs reuse partial minima: a 9-pixel arc is min(pairs) of pairs, computed once
// per start (the algorithm is rewritten with shared sub-arcs: min over 2, 4, 8, then +1).
// Tails GuardWithIf, so any sizes work.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Int(16));
    const TailStrategy guard = TailStrategy::GuardWithIf;
    Var x = a.x, y = a.y, yo{"yo"}, yi{"yi"};
    // @layer compute
    // M rewritten with shared sub-arcs: lo2[k] = min(d[k], d[k+1]), lo4[k] = min(lo2[k], lo2[k+2]),
    // lo8[k] = min(lo4[k], lo4[k+4]), arc[s] = min(lo8[s], d[s+8]) (likewise the maxima): 64
    // min/max per sign instead of 128, the same values.
    Expr W = a.img.dim(0).extent(), H = a.img.dim(1).extent();
    std::vector<Expr> d;
    for (int k = 0; k < 16; k++)
        d.push_back(a.in(x, y) - a.in(x + task::Algorithm::circle[k][0], y + task::Algorithm::circle[k][1]));
    auto ring = [&](auto op) {
        std::vector<Expr> p2(16), p4(16), p8(16), arc(16);
        for (int k = 0; k < 16; k++) p2[k] = op(d[k], d[(k + 1) % 16]);
        for (int k = 0; k < 16; k++) p4[k] = op(p2[k], p2[(k + 2) % 16]);
        for (int k = 0; k < 16; k++) p8[k] = op(p4[k], p4[(k + 4) % 16]);
        for (int k = 0; k < 16; k++) arc[k] = op(p8[k], d[(k + 8) % 16]);
        return arc;
    };
    std::vector<Expr> lo = ring([](Expr p, Expr q) { return min(p, q); });
    std::vector<Expr> hi = ring([](Expr p, Expr q) { return max(p, q); });
    Expr best;
    for (int s = 0; s < 16; s++) {
        Expr v = max(lo[s], -hi[s]);
        best = s == 0 ? v : max(best, v);
    }
    Func m2("m2"), score("score"), out("out");
    m2(x, y) = best;
    Expr inside = x >= 3 && x < W - 3 && y >= 3 && y < H - 3;
    score(x, y) = select(inside && m2(x, y) > task::Algorithm::threshold, m2(x, y) - 1, cast<int16_t>(0));
    Expr keep = score(x, y) > 0;
    for (int dy = -1; dy <= 1; dy++)
        for (int dx = -1; dx <= 1; dx++)
            if (dx || dy) keep = keep && score(x, y) > score(x + dx, y + dy);
    out(x, y) = cast<uint8_t>(select(keep, score(x, y), cast<int16_t>(0)));
    // @layer loops
    out.split(y, yo, yi, 32, guard).parallel(yo);
    // @layer memory
    a.in.compute_at(out, yo);
    score.compute_at(out, yo);
    // @layer vector
    a.in.vectorize(x, vec, guard);
    score.vectorize(x, vec, guard);
    out.vectorize(x, vec, guard);
    // @end
    return {{a.img}, {out}};
}
