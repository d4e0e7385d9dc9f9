// Expert cpu schedule for `mbv3_classifier_head`: three parallel phases.
//   pool_sum: per block of one vector of expanded channels (blocks in parallel), row by
//     row: the 1x1 conv of the row accumulates one vector of E channels per column across
//     the C input channels (the conv weights transposed once so that E is contiguous), then
//     h-swish and the pool's running sum, vectorized over the channels; h is never stored;
//   f1, logits: two matrix-vector products bound by streaming the Linear weights once
//     (rows are contiguous along the reduction): strips of 16 output features in parallel,
//     each dot product in four vector accumulators (rfactor over 4 vectors of lanes) folded
//     across lanes at the end of the row, bias and h-swish fused.
// All channel, feature and reduction tails are guarded (GuardWithIf).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    const TailStrategy guard = TailStrategy::GuardWithIf;
    Var co{"co"}, ci{"ci"}, u{"u"};
    RVar ro{"ro"}, rl{"rl"};
    // @layer compute
    // pool_sum, pooled and f1 are stored whole (a few KB); conv lives per row inside a channel
    // block; the Linear layers sum per-lane partial dot products (rfactor).
    a.pool_sum.compute_root();
    a.pooled.compute_root();
    a.f1.compute_root();
    Func fc1_lanes = a.fc1.update().split(a.re, ro, rl, 4 * vec, guard).rfactor(rl, u);
    Func fc2_lanes = a.fc2.update().split(a.rf, ro, rl, 4 * vec, guard).rfactor(rl, u);
    // @layer loops
    a.pool_sum.update()
        .split(a.c, co, ci, vec, guard)
        .reorder(ci, a.rxy.x, a.rxy.y, co, a.n)
        .parallel(co);
    a.conv.update().reorder(a.c, a.col, a.rc, a.row);
    for (Func out : {a.f1, a.logits}) out.split(a.c, co, ci, 16, guard).parallel(co);
    // @layer memory
    a.conv.compute_at(a.pool_sum, a.rxy.y);
    {
        // The conv weights transposed once: E contiguous.
        Func wt = a.w_conv.in(a.conv);
        std::vector<Var> v = wt.args();
        wt.compute_root().reorder_storage(v[3], v[2], v[0], v[1]);
    }
    fc1_lanes.compute_at(a.f1, ci);
    a.fc1.compute_at(a.f1, ci);
    fc2_lanes.compute_at(a.logits, ci);
    a.fc2.compute_at(a.logits, ci);
    // @layer vector
    a.pool_sum.update().vectorize(ci);
    a.pool_sum.vectorize(a.c, vec, guard);
    a.pooled.vectorize(a.c, vec, guard);
    a.conv.vectorize(a.c, vec, guard);
    a.conv.update().vectorize(a.c, vec, guard);
    for (Func lanes : {fc1_lanes, fc2_lanes}) {
        lanes.vectorize(u, vec).unroll(u);  // four vector accumulators
        lanes.update().vectorize(u, vec).unroll(u);
    }
    a.fc1.update().atomic().vectorize(rl);  // the final cross-lane sums as vector reductions
    a.fc2.update().atomic().vectorize(rl);
    // @end
    return a.kernel();
}
