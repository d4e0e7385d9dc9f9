// Expert cpu schedule for `deit_tiny_distilled_head`: only the two tokens that reach the
// output are normalized (statistics in vector partials); then both heads in one pass over
// the classes: tiles of 8 classes in parallel, each class keeping one vector of partial sums
// per head over the features (rfactor over the lanes) so one load of a normalized token
// feeds 8 weight rows, the biases and the average fused into the tile's store. Every split
// is guarded (GuardWithIf), so any D and N (down to 1) work.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    const int rows = 8;  // classes per tile
    const TailStrategy guard = TailStrategy::GuardWithIf;
    Var no{"no"}, ni{"ni"}, u{"u"}, w{"w"};
    RVar ko{"ko"}, ku{"ku"};
    // @layer compute
    a.nrm.compute_root();
    // @layer loops
    a.nrm.vectorize(a.c, vec, guard);
    a.logits.split(a.n, no, ni, rows, guard).parallel(no);
    // @layer memory
    for (Func red : {a.sum, a.sum_sq}) {
        Func part = red.update().split(a.rk.x, ko, ku, vec, guard).rfactor(ku, w);
        red.compute_at(a.nrm, a.r);
        part.compute_at(a.nrm, a.r).vectorize(w);
        part.update().vectorize(w);
        red.update().atomic().vectorize(ku);
    }
    a.mean.compute_at(a.nrm, a.r);
    a.rstd.compute_at(a.nrm, a.r);
    for (Func dot : {a.cls_dot, a.dist_dot}) {
        Func lanes = dot.update().split(a.rk.x, ko, ku, vec, guard).rfactor(ku, u);
        dot.compute_at(a.logits, no);
        lanes.compute_at(a.logits, no).reorder_storage(u, a.n).bound_storage(a.n, rows);
        lanes.vectorize(u).unroll(a.n);
        lanes.update().reorder(u, a.n, ko).vectorize(u).unroll(a.n);
        dot.unroll(a.n);
        dot.update().reorder(ku, a.n).atomic().vectorize(ku).unroll(a.n);
    }
    // @layer vector
    a.logits.vectorize(ni, vec, guard);
    // @end
    return a.kernel();
}
