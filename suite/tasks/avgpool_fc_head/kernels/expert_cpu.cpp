// Expert cpu schedule for `avgpool_fc_head`: one pass over x, then a GEMV over the weight
// rows (weight is [K, C], C contiguous).
//   pool: channels in blocks of 64 (in parallel for maps of 32K values and more); each
//         channel's plane is summed in one vector of per-lane partial sums (the column
//         reduction split by the natural vector width and rfactored over the lanes), the
//         lanes added at the end; the means are stored once;
//   fc: logits in tiles of 8 classes (in parallel for 64K weights and more); each tile keeps
//       8 vector accumulators (one per weight row, natural_vector_size lanes of partial sums
//       over c) in registers across the whole channel loop: the c reduction is split into
//       blocks of two vectors and rfactored over the lanes, so each block is one load of the
//       means shared by 8 dense weight-row loads and FMAs (after fc_int8's expert). Then each
//       row's lanes are summed and the bias is fused into the vectorized store.
// The small heads (ResNet-8, VWW) run serially: they take a few microseconds, about what
// waking a thread pool costs.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    const int rows = 8;
    Var u{"u"}, co{"co"}, ci{"ci"}, no{"no"}, ni{"ni"};
    RVar rxo{"rxo"}, rxi{"rxi"}, ko{"ko"}, kin{"kin"}, kv{"kv"}, ku{"ku"};
    // @layer compute
    // pooled is stored once (root); fc sums the lanes of an rfactor stage per logits tile.
    a.pool_sum.compute_root();
    a.pooled.compute_root();
    Func pool_lanes = a.pool_sum.update()
                          .split(a.rxy.x, rxo, rxi, vec, TailStrategy::GuardWithIf)
                          .rfactor(rxi, u);
    Func fc_lanes = a.fc.update().split(a.rc, ko, kin, 2 * vec).split(kin, kv, ku, vec).rfactor(ku, u);
    // @layer loops
    const Expr big = a.x.dim(2).extent() * a.x.dim(1).extent() * a.x.dim(0).extent() >= 32768;
    a.pool_sum.update().split(a.c, co, ci, 64, TailStrategy::GuardWithIf);
    a.pool_sum.update().specialize(big).parallel(co);
    a.logits.split(a.c, no, ni, rows, TailStrategy::GuardWithIf);
    a.logits.specialize(a.weight.dim(1).extent() * a.weight.dim(0).extent() >= 65536).parallel(no);
    // @layer memory
    pool_lanes.compute_at(a.pool_sum, ci);
    a.fc.compute_at(a.logits, no);
    fc_lanes.compute_at(a.logits, no)
        .reorder_storage(u, a.c, a.n)
        .bound_storage(a.c, rows);  // constant-size tile: the accumulators stay in registers
    // @layer vector
    pool_lanes.vectorize(u);
    pool_lanes.update().vectorize(u);
    a.pooled.vectorize(a.c, vec, TailStrategy::GuardWithIf);
    fc_lanes.vectorize(u).unroll(a.c);
    fc_lanes.update().reorder(u, kv, a.c, ko, a.n).vectorize(u).unroll(kv).unroll(a.c);
    a.fc.unroll(a.c);
    a.fc.update().unroll(a.c);
    a.logits.vectorize(ni);
    // @end
    return a.kernel();
}
