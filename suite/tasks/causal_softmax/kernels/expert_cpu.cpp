// Expert cpu schedule for `causal_softmax`: an algorithm rewrite that skips the masked half
// of the scores. The row max and the row sum reduce over s <= t only (an RDom with
// where(r <= t), whose loop Halide trims to [0, t]); exp(x - max) is a select on
// likely(s <= t), so Halide partitions its vector loop and the masked tail of each row is a
// plain store of zeros, with no exp. Parallel over strips of 8 queries of every head; each
// row's max, exp and sum are computed at the row while it is in L1, exp(x - max) is stored
// once per row (one buffer per strip) and read back by the sum and the division, both
// vectorized over the keys.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;  // for its input and Vars
    const int vec = target.natural_vector_size(Float(32));
    Var s = a.s, t = a.t, h = a.h;
    Var to{"to"}, ti{"ti"}, th{"th"};
    // @layer compute
    RDom r(0, a.scores.dim(0).extent(), "r");  // the unmasked keys of row t
    r.where(r <= t);
    Func mx("mx"), e("e"), sm("sm"), out("out");
    mx(t, h) = a.scores(0, t, h);
    mx(t, h) = max(mx(t, h), a.scores(r, t, h));
    e(s, t, h) = select(likely(s <= t), exp(a.scores(s, t, h) - mx(t, h)), 0.0f);
    sm(t, h) = 0.0f;
    sm(t, h) += e(r, t, h);
    out(s, t, h) = e(s, t, h) / sm(t, h);
    // @layer loops
    out.split(t, to, ti, 8, TailStrategy::GuardWithIf).fuse(to, h, th).parallel(th);
    // @layer memory
    mx.compute_at(out, ti);
    e.store_at(out, th).compute_at(out, ti);
    sm.compute_at(out, ti);
    // @layer vector
    e.vectorize(s, vec, TailStrategy::GuardWithIf);
    out.vectorize(s, vec, TailStrategy::GuardWithIf);
    // @end
    return {{a.scores}, {out}};
}
