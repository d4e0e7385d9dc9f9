// Expert cpu schedule for `swiglu_ffn`: two parallel passes, each streaming its weights once.
// Pass 1 computes hidden = silu(gate) * up in parallel strips of hidden features: per
// register tile, the gate tile and then the up tile are each accumulated across the whole d
// loop with one vector of partial sums per output (rfactor over the lanes: each step loads
// every weight row of the tile and every x row once and feeds all the tile's FMAs), their
// lanes are summed, and the SiLU and the product are applied as the hidden tile is stored.
// Pass 2 (the down projection) does the same over hidden, in parallel strips of the output
// features. Tiles are 4 features x 4 tokens when there are at least 4 tokens, else 8
// features x 1 token (decode: GEMVs, 8 independent accumulators hide the FMA latency).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    const Expr T = a.x.dim(1).extent();
    Var no{"no"}, ni{"ni"}, to{"to"}, ti{"ti"}, u{"u"};
    RVar ro{"ro"}, ru{"ru"};
    // @layer compute
    a.hidden.compute_root();
    // gate, up and down each sum the lanes of an rfactor stage (below), per tile of their
    // consumer.
    // @layer loops
    for (Func out : {a.hidden, a.y}) {
        Var n = out.args()[0];
        out.specialize(T >= 4)
            .tile(n, a.t, no, to, ni, ti, 4, 4, TailStrategy::GuardWithIf)
            .reorder(ni, ti, to, no)
            .parallel(no);
        out.tile(n, a.t, no, to, ni, ti, 8, 1, TailStrategy::GuardWithIf).reorder(ni, ti, to, no).parallel(no);
    }
    // (the projection, its consumer, the projection's reduction domain)
    const std::vector<std::tuple<Func, Func, RDom>> projections = {
        {a.gate, a.hidden, a.rk}, {a.up, a.hidden, a.rk}, {a.down, a.y, a.rf}};
    std::vector<Func> lanes;
    for (auto [p, out, r] : projections) lanes.push_back(p.update().split(r.x, ro, ru, vec).rfactor(ru, u));
    // @layer memory
    for (size_t i = 0; i < projections.size(); i++) {
        auto [p, out, r] = projections[i];
        Var n = p.args()[0];
        p.compute_at(out, to);
        lanes[i].compute_at(out, to)
            .reorder_storage(u, n, a.t)
            .bound_storage(n, 8)
            .bound_storage(a.t, 4);  // constant-size tile: the accumulators stay in registers
    }
    // @layer vector
    for (size_t i = 0; i < projections.size(); i++) {
        auto [p, out, r] = projections[i];
        Var n = p.args()[0];
        lanes[i].vectorize(u).unroll(n).unroll(a.t);
        lanes[i].update().reorder(u, n, a.t, ro).vectorize(u).unroll(n).unroll(a.t);
        p.unroll(n).unroll(a.t);
        p.update().reorder(ru, n, a.t).atomic().vectorize(ru).unroll(n).unroll(a.t);
    }
    a.hidden.unroll(ni).unroll(ti);
    a.y.unroll(ni).unroll(ti);
    // @end
    return a.kernel();
}
