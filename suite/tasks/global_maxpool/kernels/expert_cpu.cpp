// Expert cpu schedule for `global_maxpool`: two algorithms, chosen at run time by the plane
// width (a specialization, so only one is computed). Planes at least a vector wide: per channel
// the column maxima of the plane (colmax(x) = max over y, a reduction across rows that
// vectorizes along x with contiguous loads, guarded), then the maximum of the W column maxima.
// Narrower planes (7x7, 14x14 at the end of a network): the reduction runs across channels
// instead, each lane of a vector keeping one channel's running maximum (loads gathered at the
// plane stride), so no lane is wasted on a short row. Channels in chunks in parallel (about 8;
// serial under 16K elements).
#include <ekb/kernel.h>

#include "algorithm.h"

#include <limits>

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    Var co{"co"}, ci{"ci"};
    // @layer compute
    Expr W = a.input.dim(0).extent(), H = a.input.dim(1).extent(), C = a.input.dim(2).extent();
    const float neg_inf = -std::numeric_limits<float>::infinity();
    RDom ry(1, H - 1, "ry"), rx(0, W, "rx"), r(0, W, 0, H, "r");
    Func colmax("colmax"), by_rows("by_rows"), by_chans("by_chans"), out("out");
    colmax(a.x, a.c, a.n) = a.input(a.x, 0, a.c, a.n);
    colmax(a.x, a.c, a.n) = max(colmax(a.x, a.c, a.n), a.input(a.x, ry, a.c, a.n));
    by_rows(a.c, a.n) = neg_inf;
    by_rows(a.c, a.n) = max(by_rows(a.c, a.n), colmax(rx, a.c, a.n));
    by_chans(a.c, a.n) = neg_inf;
    by_chans(a.c, a.n) = max(by_chans(a.c, a.n), a.input(r.x, r.y, a.c, a.n));
    Expr wide = W >= vec;
    out(a.x, a.y, a.c, a.n) = select(wide, by_rows(a.c, a.n), by_chans(a.c, a.n));
    // @layer loops
    // Chunks of whole vectors of channels (about 8 chunks), so the across-channel path has no
    // ragged vector inside a chunk.
    out.split(a.c, co, ci, vec * max(1, (C + 8 * vec - 1) / (8 * vec)), TailStrategy::GuardWithIf);
    out.specialize(wide && W * H * C >= 16384).parallel(co);
    out.specialize(wide);
    out.specialize(W * H * C >= 16384).parallel(co);
    // @layer memory
    by_rows.compute_at(out, ci);
    colmax.compute_at(out, ci);
    by_chans.compute_at(out, co);
    // @layer vector
    colmax.vectorize(a.x, vec, TailStrategy::GuardWithIf);
    colmax.update().vectorize(a.x, vec, TailStrategy::GuardWithIf);
    // (Fewer channels than a vector: scalar, masked gathers cost more than they save.)
    by_chans.specialize(C >= vec).vectorize(a.c, vec, TailStrategy::GuardWithIf);
    by_chans.update().reorder(a.c, r.x, r.y, a.n);
    by_chans.update().specialize(C >= vec).vectorize(a.c, vec, TailStrategy::GuardWithIf);
    // @end
    return {{a.input}, {out}};
}
