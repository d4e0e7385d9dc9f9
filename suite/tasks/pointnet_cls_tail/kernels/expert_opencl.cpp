// Expert opencl schedule for `pointnet_cls_tail`: the 128 -> 1024 layer and the max over the
// points fused, split over chunks of 64 points (rfactor) so that there are C x N/64 work-items:
// each work-item runs its channel's 1x1 conv over 4 points at a time in registers (the weights
// copied once transposed, so adjacent work-items read adjacent weights, and the input value is
// the same for the whole work-group), ReLU and the running max; a second kernel takes the max
// over the chunks. The FC layers are GEMVs split into 8 lanes of partial sums per row
// (adjacent work-items read adjacent weights), summed by one work-item per row; the two log-softmax
// statistics on a single work-item, the output one work-item per class. Tails GuardWithIf.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const TailStrategy guard = TailStrategy::GuardWithIf;
    Var q{"q"}, u{"u"}, xo{"xo"}, yo{"yo"}, xi{"xi"}, yi{"yi"};
    RVar rq{"rq"}, rp{"rp"}, rpo{"rpo"}, rpi{"rpi"};
    // @layer compute
    Func wt = a.w5.in(a.conv);
    std::vector<Var> wv = wt.args();
    wt.compute_root().reorder_storage(wv[2], wv[1], wv[0]);
    Func part = a.g.update().split(a.rn.x, rq, rp, 64, guard).rfactor(rq, q);
    part.compute_root();
    a.g.compute_root();
    std::vector<std::tuple<Func, RDom>> fcs = {{a.fc1, a.r1}, {a.fc2, a.r2}, {a.logits, a.r3}};
    std::vector<Func> lanes;
    for (auto [fc, r] : fcs) {
        RVar ro, rl;
        lanes.push_back(fc.update().split(r.x, ro, rl, 8, guard).rfactor(rl, u));
        fc.compute_root();
        lanes.back().compute_root();
    }
    a.lmax.compute_root();
    a.lsum.compute_root();
    // @layer loops
    wt.gpu_tile(wv[2], wv[1], xo, yo, xi, yi, 32, 8, guard);
    part.gpu_tile(a.c, q, xo, yo, xi, yi, 32, 4, guard);
    part.update().split(rp, rpo, rpi, 4, guard).reorder(rpi, rpo, a.c, q)
        .gpu_tile(a.c, q, xo, yo, xi, yi, 32, 4, guard);
    a.g.gpu_tile(a.c, xo, xi, 64, guard);
    a.g.update().gpu_tile(a.c, xo, xi, 64, guard);
    for (int i = 0; i < 3; i++) {
        Func fc = std::get<0>(fcs[i]);
        lanes[i].gpu_tile(u, a.c, xo, yo, xi, yi, 8, 16, guard);
        lanes[i].update().reorder(u, a.c).gpu_tile(u, a.c, xo, yo, xi, yi, 8, 16, guard);
        fc.gpu_tile(a.c, xo, xi, 64, guard);
        fc.update().gpu_tile(a.c, xo, xi, 64, guard);
    }
    for (Func f : {a.lmax, a.lsum}) {
        f.gpu_single_thread();
        f.update().gpu_single_thread();
    }
    a.out.gpu_tile(a.c, a.b, xo, yo, xi, yi, 64, 1, guard);
    // @layer memory
    a.conv.compute_at(part, rpo).store_in(MemoryType::Register);
    // @layer vector
    a.conv.unroll(a.n);
    a.conv.update().reorder(a.n, a.ri.x).unroll(a.n);
    // @end
    return a.kernel();
}
