// Expert cpu schedule for `smollm_lm_head_probs`, as a decode runtime runs the sampling head:
// the RMSNorm once (sum of squares in vector partials); the LM-head GEMV streaming the table
// once, tiles of 8 vocabulary rows in parallel, each row keeping one vector of partial sums
// over the features (rfactor over the lanes) so one load of the normed state feeds 8 rows,
// the temperature fused into the tile's store; then the softmax's max and sum in vector
// partials, exp and the normalization vectorized and parallel over the vocabulary. Every
// split is guarded (GuardWithIf), so any V and D (down to 1) work.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    const int rows = 8;  // vocabulary rows per GEMV tile
    const TailStrategy guard = TailStrategy::GuardWithIf;
    Var vo{"vo"}, vi{"vi"}, u{"u"}, w{"w"};
    RVar ko{"ko"}, ku{"ku"};
    // A scalar reduction over `r` in vector partials.
    auto partials = [&](Func red, RDom r) {
        Func part = red.update().split(r.x, ko, ku, vec, guard).rfactor(ku, w);
        part.compute_root().vectorize(w);
        part.update().vectorize(w);
        red.compute_root();
        red.update().atomic().vectorize(ku);
    };
    // @layer compute
    for (Func f : {a.h, a.z, a.ex}) f.compute_root();
    // @layer loops
    a.z.split(a.v, vo, vi, rows, guard).parallel(vo);
    for (Func f : {a.ex, a.p}) f.split(a.v, vo, vi, 8 * vec, guard).parallel(vo).vectorize(vi, vec, guard);
    // @layer memory
    partials(a.ss, a.rk);
    partials(a.zmax, a.rv);
    partials(a.esum, a.rv);
    {
        Func lanes = a.logit.update().split(a.rk.x, ko, ku, vec, guard).rfactor(ku, u);
        a.logit.compute_at(a.z, vo);
        lanes.compute_at(a.z, vo).reorder_storage(u, a.v).bound_storage(a.v, rows);
        lanes.vectorize(u).unroll(a.v);
        lanes.update().reorder(u, a.v, ko).vectorize(u).unroll(a.v);
        a.logit.unroll(a.v);
        a.logit.update().reorder(ku, a.v).atomic().vectorize(ku).unroll(a.v);
    }
    // @layer vector
    a.h.vectorize(a.k, vec, guard);
    a.z.vectorize(vi, vec, guard);
    // @end
    return a.kernel();
}
