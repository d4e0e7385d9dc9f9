// Expert cpu schedule for `rmsnorm_matmul`: the normalized rows (T x D, a few KiB at decode)
// are computed once up front, each row's sum of squares into four vector accumulators
// (rfactor) folded at the end; then the projection streams W (D-contiguous rows) once. Its
// outputs are computed in parallel strips of features; each register tile keeps one vector
// of partial sums over d per output (rfactor over the lanes) across the whole d loop, so each
// step loads every W row of the tile once and every normed row once and feeds all the tile's
// FMAs. Tiles are 4 features x 4 tokens when there are at least 4 tokens, else 8 features x 1
// token (decode: a GEMV, 8 independent accumulators hide the FMA latency); then each output's
// lanes are summed as the tile is stored.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    const Expr T = a.x.dim(1).extent();
    Var no{"no"}, ni{"ni"}, to{"to"}, ti{"ti"}, u{"u"}, v{"v"};
    RVar ro{"ro"}, ru{"ru"};
    // @layer compute
    a.normed.compute_root();
    // dot sums the lanes of an rfactor stage (below); the per-row norm stages are computed
    // per row of normed.
    // @layer loops
    a.y.specialize(T >= 4)
        .tile(a.n, a.t, no, to, ni, ti, 4, 4, TailStrategy::GuardWithIf)
        .reorder(ni, ti, to, no)
        .parallel(no);
    a.y.tile(a.n, a.t, no, to, ni, ti, 8, 1, TailStrategy::GuardWithIf).reorder(ni, ti, to, no).parallel(no);
    Func lanes = a.dot.update().split(a.r, ro, ru, vec).rfactor(ru, u);
    Func sq_part = a.sum_sq.update().split(a.r, ro, ru, 4 * vec, TailStrategy::GuardWithIf).rfactor(ru, v);
    // @layer memory
    for (Func f : {sq_part, a.sum_sq, a.rstd}) f.compute_at(a.normed, a.t);
    a.dot.compute_at(a.y, to);
    lanes.compute_at(a.y, to)
        .reorder_storage(u, a.n, a.t)
        .bound_storage(a.n, 8)
        .bound_storage(a.t, 4);  // constant-size tile: the accumulators stay in registers
    // @layer vector
    sq_part.vectorize(v, vec).unroll(v);  // four vector accumulators
    sq_part.update().vectorize(v, vec).unroll(v);
    a.sum_sq.update().atomic().vectorize(ru);
    a.normed.vectorize(a.k, vec, TailStrategy::GuardWithIf);
    lanes.vectorize(u).unroll(a.n).unroll(a.t);
    lanes.update().reorder(u, a.n, a.t, ro).vectorize(u).unroll(a.n).unroll(a.t);
    a.dot.unroll(a.n).unroll(a.t);
    a.dot.update().reorder(ru, a.n, a.t).atomic().vectorize(ru).unroll(a.n).unroll(a.t);
    a.y.unroll(ni).unroll(ti);
    // @end
    return a.kernel();
}
