// Expert cpu schedule for `avgpool_fc_int8`: two phases. The pool first, over blocks of 4
// vectors of channels: a channel's plane is short (9 to 143 pixels), so the sums run across
// channels (each int32 lane accumulates one channel, its int8 loads gathers at the plane
// stride; four vectors of independent accumulators hide the add latency), and the rounded
// division and int8 store are vectorized over the same channels. Then the fully connected
// layer as a GEMV over the int8 weight rows ([N, C], C contiguous), in parallel tiles of 8
// classes: each tile keeps 8 vector accumulators (natural_vector_size(Int(32)) lanes of
// partial sums over channels) in registers across the whole channel loop (the reduction split
// into blocks of two vectors and rfactored over the lanes), so each block is one pooled load
// shared by 8 dense weight-row loads and widening multiply-adds into int32 lanes; then each
// row's lanes are summed and bias + requantization are fused into the vectorized int8 store.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Int(32));
    const int rows = 8;
    Var co{"co"}, ci{"ci"}, ko{"ko"}, ki{"ki"}, u{"u"};
    RVar rco{"rco"}, rcin{"rcin"}, rcv{"rcv"}, rcu{"rcu"};
    Func lanes;  // dot's per-lane partial sums (below)
    // @layer compute
    // acc is inlined into output; pooled is stored whole (C int8 values), total per block of
    // channels and dot per tile of classes (below).
    a.pooled.compute_root();
    // @layer loops
    a.pooled.split(a.c, co, ci, 4 * vec, TailStrategy::GuardWithIf);
    a.output.split(a.k, ko, ki, rows, TailStrategy::GuardWithIf).parallel(ko);
    lanes = a.dot.update().split(a.rc, rco, rcin, 2 * vec).split(rcin, rcv, rcu, vec).rfactor(rcu, u);
    // @layer memory
    a.total.compute_at(a.pooled, co);
    a.dot.compute_at(a.output, ko);
    lanes.compute_at(a.output, ko)
        .reorder_storage(u, a.k, a.n)
        .bound_storage(a.k, rows);  // constant-size tile: the accumulators stay in registers
    // @layer vector
    a.pooled.vectorize(ci, vec).unroll(ci);
    a.total.vectorize(a.c, vec, TailStrategy::GuardWithIf).unroll(a.c);
    a.total.update()
        .reorder(a.c, a.r.x, a.r.y, a.n)
        .vectorize(a.c, vec, TailStrategy::GuardWithIf).unroll(a.c);
    lanes.vectorize(u).unroll(a.k);
    lanes.update().reorder(u, rcv, a.k, rco, a.n).vectorize(u).unroll(rcv).unroll(a.k);
    a.dot.unroll(a.k);
    a.dot.update().unroll(a.k);
    a.output.vectorize(ki);
    // @end
    return a.kernel();
}
