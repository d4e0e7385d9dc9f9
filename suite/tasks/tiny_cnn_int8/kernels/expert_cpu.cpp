// Expert cpu schedule for `tiny_cnn_int8`: the conv, ReLU requantization and max pool fused
// per tile, then the fc head as a lane-parallel GEMV.
//   pool: per channel (channels in parallel), each pooled row is computed in tiles of one
//     vector of pooled columns; a tile's conv accumulators (2 rows x 2 vectors of int32
//     columns) stay in registers across all the taps and input channels (one widening load
//     of the zero-point-padded input feeds a multiply-add with a broadcast weight), then the
//     requantization + ReLU and the 2x2 max are fused into the int8 store. The padded input
//     is written once (a few KB), so the tap loop loads dense vectors without bounds checks.
//   logits: the pool output is re-read as one flat vector (the (c, y, x) flatten), and each
//     class's dot product over it accumulates natural_vector_size(Int(32)) lanes of partial
//     sums (rfactor) in a register across the whole flattened length, one int8 weight-row
//     load and one pool load per vector; the lanes are summed, and bias + requantization are
//     fused into the int8 store.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Int(32));
    Var xo{"xo"}, xi{"xi"}, i{"i"}, u{"u"};
    RVar ko{"ko"}, kin{"kin"}, kv{"kv"}, ku{"ku"};
    // @layer compute
    // act is inlined into pool; conv_acc is computed per tile of pool (below). The fc head is
    // rewritten over the flattened pool output (same sums in a different order: exact in int32).
    Expr Wp = a.input.dim(0).extent() / 2, Hp = a.input.dim(1).extent() / 2;
    Expr K = Wp * Hp * a.conv_w.dim(3).extent();
    Func flat{"flat"}, dot{"dot"}, logits{"logits"};
    flat(i, a.n) = a.pool(i % Wp, (i / Wp) % Hp, i / (Wp * Hp), a.n);
    RDom rk(0, K, "rk");
    dot(a.k, a.n) = 0;
    dot(a.k, a.n) += (cast<int32_t>(flat(rk, a.n)) - task::zp_act) * cast<int32_t>(a.fc_w(rk, a.k));
    Expr fc_acc = dot(a.k, a.n) + a.fc_b(a.k);
    logits(a.k, a.n) =
        cast<int8_t>(clamp(task::zp_out + task::rdivpot(task::srdhm(fc_acc, task::M2), task::s2), -128, 127));
    a.padded.compute_root();
    a.pool.compute_root();
    flat.compute_root();
    // @layer loops
    a.pool.split(a.x, xo, xi, vec, TailStrategy::GuardWithIf).reorder(xi, xo, a.y, a.c, a.n).parallel(a.c);
    Func lanes = dot.update().split(rk, ko, kin, 2 * vec).split(kin, kv, ku, vec).rfactor(ku, u);
    // @layer memory
    a.conv_acc.compute_at(a.pool, xo).bound_storage(a.x, 2 * vec).bound_storage(a.y, 2);
    dot.compute_at(logits, a.k);
    lanes.compute_at(logits, a.k);
    // @layer vector
    a.padded.vectorize(a.x, vec, TailStrategy::GuardWithIf);
    a.pool.vectorize(xi);
    a.conv_acc.vectorize(a.x, vec, TailStrategy::GuardWithIf).unroll(a.x).unroll(a.y);
    a.conv_acc.update()
        .reorder(a.x, a.y, a.rc.x, a.rc.y, a.rc.z, a.c, a.n)
        .vectorize(a.x, vec, TailStrategy::GuardWithIf)
        .unroll(a.x)
        .unroll(a.y);
    flat.vectorize(i, vec, TailStrategy::GuardWithIf);
    lanes.vectorize(u);
    lanes.update().reorder(u, kv, ko, a.k, a.n).vectorize(u).unroll(kv);
    dot.update().atomic().vectorize(ku);
    // @end
    return {{a.input, a.conv_w, a.conv_b, a.fc_w, a.fc_b}, {logits}};
}
