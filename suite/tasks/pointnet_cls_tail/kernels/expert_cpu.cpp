// Expert cpu schedule for `pointnet_cls_tail`, as a point-cloud runtime runs the PointNet
// tail: the 128 -> 1024 shared-MLP layer never goes to memory. Channels in blocks of two
// vectors run in parallel; for a block, the points are visited four at a time and the
// 2-vector x 4-point tile of the 1x1 conv is accumulated in registers over the input
// channels (the weights copied once transposed, channel innermost, so a vector of channels
// is one load against a broadcast input value), then ReLU and the running max over the
// points are folded into the block's global-feature vector. The FC layers are GEMVs over
// their weight rows (dense along the input): each output's dot product is split into
// vector lanes of partial sums (rfactor), rows in groups of 8 accumulators. The log-softmax
// statistics are two scalar reductions. Tails GuardWithIf, so any sizes work.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    const int np = 4;     // points per register tile
    const int rows = 8;   // FC rows per group of accumulators
    const TailStrategy guard = TailStrategy::GuardWithIf;
    Var co{"co"}, ci{"ci"}, u{"u"};
    RVar rno{"rno"}, rni{"rni"};
    // @layer compute
    Func wt = a.w5.in(a.conv);
    {
        std::vector<Var> v = wt.args();
        wt.compute_root().reorder_storage(v[2], v[1], v[0]).reorder(v[2], v[1], v[0]).vectorize(v[2], vec, guard);
    }
    a.g.compute_root();
    a.lmax.compute_root();
    a.lsum.compute_root();
    std::vector<std::tuple<Func, RDom>> fcs = {{a.fc1, a.r1}, {a.fc2, a.r2}, {a.logits, a.r3}};
    std::vector<Func> lanes;
    std::vector<RVar> ros;
    for (auto [fc, r] : fcs) {
        RVar ro, rl;
        lanes.push_back(fc.update().split(r.x, ro, rl, vec, guard).rfactor(rl, u));
        ros.push_back(ro);
    }
    // @layer loops
    a.g.update().split(a.c, co, ci, 2 * vec, guard).split(a.rn.x, rno, rni, np, guard)
        .reorder(ci, rni, rno, co).parallel(co);
    for (int i = 0; i < 3; i++) {
        Func fc = std::get<0>(fcs[i]);
        fc.compute_root().split(a.c, co, ci, rows, guard);
        fc.update().split(a.c, co, ci, rows, guard);
    }
    // @layer memory
    a.conv.compute_at(a.g, rno).bound_storage(a.c, 2 * vec).bound_storage(a.n, np);
    for (int i = 0; i < 3; i++) {
        Func fc = std::get<0>(fcs[i]);
        lanes[i].compute_at(fc, co).bound_storage(a.c, rows);
    }
    // @layer vector
    a.conv.vectorize(a.c, vec, guard).unroll(a.c).unroll(a.n);
    a.conv.update().reorder(a.c, a.n, a.ri.x).vectorize(a.c, vec, guard).unroll(a.c).unroll(a.n);
    a.g.vectorize(a.c, vec, guard);
    a.g.update().vectorize(ci, vec, guard);
    for (int i = 0; i < 3; i++) {
        Func fc = std::get<0>(fcs[i]);
        lanes[i].vectorize(u).unroll(a.c);
        lanes[i].update().reorder(u, a.c, ros[i]).vectorize(u).unroll(a.c);
        fc.unroll(ci);
        fc.update().unroll(ci);
    }
    a.out.vectorize(a.c, vec, guard);
    // @end
    return a.kernel();
}
