// Expert cpu schedule for `mlp_int8`: two GEMVs over int8 rows (W1 and W2 are K- and
// H-contiguous), each scheduled as the fc_int8 expert. hidden (a few hundred bytes) is
// computed once, then the output layer reads it. Each layer computes its outputs in tiles of
// 8 rows; each tile keeps 8 vector accumulators (one per row, natural_vector_size(Int(32))
// lanes of partial sums) in registers across the whole reduction: the reduction is split
// into blocks of two vectors and rfactored over the lanes, so each block is one input load
// shared by 8 dense weight-row loads and widening multiply-adds into int32 lanes. The tail is
// a single predicated block after the steady loop. Then each row's lanes are summed and the
// bias, the requantization (and in layer 1 the fused ReLU) go into the vectorized int8 store.
// Serial on purpose: the whole MLP is a few microseconds, less than waking a thread pool.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Int(32));
    const int rows = 8;
    Var no{"no"}, ni{"ni"}, u{"u"};
    RVar ko{"ko"}, kin{"kin"}, kv{"kv"}, ku{"ku"};
    // (the layer's int8 output, its reduction, the reduction domain)
    const std::vector<std::tuple<Func, Func, RDom>> layers = {{a.hidden, a.dot1, a.k}, {a.output, a.dot2, a.r}};
    std::vector<Func> lanes;  // each dot's per-lane partial sums (below)
    // @layer compute
    // acc1 and acc2 are inlined into the requantizing stores; hidden is computed once, at
    // root; each dot sums the lanes of an rfactor stage (below).
    a.hidden.compute_root();
    // @layer loops
    for (auto [out, dot, rd] : layers) {
        out.split(out.args()[0], no, ni, rows, TailStrategy::GuardWithIf);
        lanes.push_back(dot.update().split(rd.x, ko, kin, 2 * vec).split(kin, kv, ku, vec).rfactor(ku, u));
    }
    // @layer memory
    for (size_t i = 0; i < layers.size(); i++) {
        auto [out, dot, rd] = layers[i];
        Var x = dot.args()[0];
        dot.compute_at(out, no);
        lanes[i].compute_at(out, no)
            .reorder_storage(u, x, a.b)
            .bound_storage(x, rows);  // constant-size tile: the accumulators stay in registers
    }
    // @layer vector
    for (size_t i = 0; i < layers.size(); i++) {
        auto [out, dot, rd] = layers[i];
        Var x = dot.args()[0];
        lanes[i].vectorize(u).unroll(x);
        lanes[i].update().reorder(u, kv, x, ko, a.b).vectorize(u).unroll(kv).unroll(x);
        dot.unroll(x);
        dot.update().unroll(x);
        out.vectorize(ni);
    }
    // @end
    return a.kernel();
}
