// Expert cpu schedule for `global_maxpool`: an algorithm rewrite in two steps per channel.
// First the column maxima of the plane (colmax(x) = max over y), a reduction across rows that
// vectorizes along x with no cross-lane work (contiguous loads of each row, guarded vectors so
// narrow planes are legal); then the maximum of the W column maxima. Channels in chunks in
// parallel (about 8 chunks), on the calling thread alone for small pipelines.
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
    RDom ry(1, H - 1, "ry"), rx(0, W, "rx");
    Func colmax("colmax"), best("best"), out("out");
    colmax(a.x, a.c, a.n) = a.input(a.x, 0, a.c, a.n);
    colmax(a.x, a.c, a.n) = max(colmax(a.x, a.c, a.n), a.input(a.x, ry, a.c, a.n));
    best(a.c, a.n) = -std::numeric_limits<float>::infinity();
    best(a.c, a.n) = max(best(a.c, a.n), colmax(rx, a.c, a.n));
    out(a.x, a.y, a.c, a.n) = best(a.c, a.n);
    // @layer loops
    out.split(a.c, co, ci, max(1, (C + 7) / 8), TailStrategy::GuardWithIf);
    Stage big = out.specialize(W * H * C >= 16384);
    big.parallel(co);
    // @layer memory
    best.compute_at(out, ci);
    colmax.compute_at(out, ci);
    // @layer vector
    colmax.vectorize(a.x, vec, TailStrategy::GuardWithIf);
    colmax.update().vectorize(a.x, vec, TailStrategy::GuardWithIf);
    // @end
    return {{a.input}, {out}};
}
