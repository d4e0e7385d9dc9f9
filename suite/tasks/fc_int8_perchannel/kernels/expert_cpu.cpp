// Expert cpu schedule for `fc_int8_perchannel`: per batch row (rows in parallel) a GEMV over int8
// weight rows (weight is [N, K], K contiguous). The output features are computed in tiles
// of 8; each tile keeps 8 vector accumulators (one per feature, natural_vector_size(Int(32))
// lanes of partial sums over k) in registers across the whole k loop: the k reduction is
// split into blocks of two vectors and rfactored over the lanes, so each block is one input
// load shared by 8 dense weight-row loads and widening multiply-adds into int32 lanes. The
// k tail is a single predicated block after the steady loop. Then each feature's lanes are
// summed and bias + the per-feature requantization (ReLU fused) go into the vectorized int8
// store.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Int(32));
    const int rows = 8;
    Var no{"no"}, ni{"ni"}, u{"u"};
    RVar ko{"ko"}, kin{"kin"}, kv{"kv"}, ku{"ku"};
    Func lanes;  // dot's per-lane partial sums (below)
    // @layer compute
    // acc is inlined into output; dot sums the lanes of an rfactor stage (below).
    // @layer loops
    a.output.split(a.n, no, ni, rows, TailStrategy::GuardWithIf).reorder(ni, no, a.b).parallel(a.b);
    lanes = a.dot.update().split(a.k, ko, kin, 2 * vec).split(kin, kv, ku, vec).rfactor(ku, u);
    // @layer memory
    a.dot.compute_at(a.output, no);
    lanes.compute_at(a.output, no)
        .reorder_storage(u, a.n, a.b)
        .bound_storage(a.n, rows);  // constant-size tile: the accumulators stay in registers
    // @layer vector
    lanes.vectorize(u).unroll(a.n);
    lanes.update().reorder(u, kv, a.n, ko, a.b).vectorize(u).unroll(kv).unroll(a.n);
    a.dot.unroll(a.n);
    a.dot.update().unroll(a.n);
    a.output.vectorize(ni);
    // @end
    return a.kernel();
}
