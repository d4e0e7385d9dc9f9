// Expert cpu schedule for `reflect_pad1`: an algorithm rewrite into explicit pieces, so the bulk of
// the work is dense vector copies: an undefined pure definition, then per output row (its source
// row chosen once per row) the W interior columns copied from the source row (guarded vectors, so
// narrow rows are legal), then the 1 left and 1 right border columns. (Inlining the boundary
// condition instead made every vector load a gather: Halide did not partition the loop around it.)
// Channels x rows in parallel in each piece (serial under 16K elements).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    const int p = task::Algorithm::pad;
    Var t{"t"};
    // @layer compute
    Expr W = a.input.dim(0).extent(), H = a.input.dim(1).extent();
    auto srcx = [&](Expr i) { return clamp(select(i < 0, -i, i >= W, 2 * (W - 1) - i, i), 0, W - 1); };
    auto srcy = [&](Expr i) { return clamp(select(i < 0, -i, i >= H, 2 * (H - 1) - i, i), 0, H - 1); };
    Expr sy = srcy(a.y - p);  // the source row of output row y
    RDom ri(0, W, "ri"), rb(0, p, "rb");
    Func out("out");
    out(a.x, a.y, a.c, a.n) = undef<float>();
    out(ri + p, a.y, a.c, a.n) = a.input(ri, sy, a.c, a.n);                    // interior
    out(rb, a.y, a.c, a.n) = a.input(srcx(rb - p), sy, a.c, a.n);              // left border
    out(W + p + rb, a.y, a.c, a.n) = a.input(srcx(W + rb), sy, a.c, a.n);      // right border
    // @layer loops
    Expr work = W * H * a.input.dim(2).extent();
    std::vector<Stage> big;
    for (int u = 0; u < 3; u++) {
        out.update(u).fuse(a.y, a.c, t);
        big.push_back(out.update(u).specialize(work >= 16384));
        big.back().parallel(t, 8, TailStrategy::GuardWithIf);
    }
    // @layer vector
    for (Stage s : {big[0], out.update(0)}) s.vectorize(ri, vec, TailStrategy::GuardWithIf);
    // @end
    return {{a.input}, {out}};
}
