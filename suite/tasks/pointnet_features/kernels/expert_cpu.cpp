// Expert cpu schedule for `pointnet_features`: the whole MLP fused per tile of 4 vectors of
// points, tiles in parallel, so the activations never leave L1. The max pool is split with
// rfactor: each tile computes h1, h2 and the 128 conv3 outputs of its points and folds them
// into its own partial maxima (one row per tile); a final pass takes the max of the rows.
// Every conv is a small GEMM vectorized along the points (dimension 0, dense in memory):
// register tiles of 1 vector of points x 8 output channels keep their accumulators in
// registers over the input channels (one input vector load and 8 broadcast FMAs per input
// channel). The biases and ReLUs are fused into the copies that materialize h1 and h2 and
// into the max of h3.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    const int tile = 4 * vec;  // points per parallel tile
    const int chans = 8;       // output channels per register tile
    RVar rno{"rno"}, rni{"rni"};
    Var u{"u"}, no{"no"}, ni{"ni"}, co{"co"}, ci{"ci"};
    // @layer compute
    // h3 is inlined into the max; conv1..conv3, h1 and h2 are computed per tile (below).
    a.feat.update().split(a.rn.x, rno, rni, tile);
    Func partial = a.feat.update().rfactor(rno, u);  // partial(c, b, u): the max over a tile
    partial.compute_root();
    // @layer loops
    a.feat.update().reorder(a.c, rno);
    const std::vector<Var> pv = partial.args();  // c, b, u
    partial.update().reorder(rni, pv[0], pv[1], u).parallel(u);
    for (Func f : {a.conv1, a.conv2, a.conv3}) {
        f.update()
            .split(a.n, no, ni, vec, TailStrategy::GuardWithIf)
            .split(a.c, co, ci, chans, TailStrategy::GuardWithIf)
            .reorder(ni, ci, f.rvars()[0], no, co);
    }
    // @layer memory
    for (Func f : {a.conv1, a.h1, a.conv2, a.h2, a.conv3}) f.compute_at(partial, u);
    // @layer vector
    for (Func f : {a.conv1, a.conv2, a.conv3}) {
        f.vectorize(a.n, vec, TailStrategy::GuardWithIf);
        f.update().vectorize(ni).unroll(ci);
    }
    a.h1.vectorize(a.n, vec, TailStrategy::GuardWithIf);
    a.h2.vectorize(a.n, vec, TailStrategy::GuardWithIf);
    // @end
    return a.kernel();
}
