// Expert cuda schedule for `pointnet_tnet3`: h1 and h2 one thread per (channel, 4 points),
// the 4 dot products in registers, the weights copied once transposed so adjacent threads
// read adjacent weights; the 1024-channel layer and the max over the points fused, split over
// chunks of 64 points (rfactor) so there are C3 x N/64 threads, each accumulating 4 points at
// a time in registers and keeping its running max; a second kernel takes the max over the
// chunks. The FC layers are GEMVs split into 8 lanes of partial sums per row (adjacent
// threads read adjacent weights), summed by one thread per row; the 3x3 matrix by 9 threads and
// the transformed points one thread per (point, coordinate). Tails GuardWithIf.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const TailStrategy guard = TailStrategy::GuardWithIf;
    Var q{"q"}, u{"u"}, nv{"nv"}, xo{"xo"}, yo{"yo"}, xi{"xi"}, yi{"yi"};
    RVar rq{"rq"}, rp{"rp"}, rpo{"rpo"}, rpi{"rpi"};
    // @layer compute
    std::vector<std::pair<ImageParam, Func>> ws = {{a.w1, a.conv1}, {a.w2, a.conv2}, {a.w3, a.conv3}};
    for (auto [w, dot] : ws) {
        Func wt = w.in(dot);
        std::vector<Var> v = wt.args();
        wt.compute_root().reorder_storage(v[2], v[1], v[0]).gpu_tile(v[2], v[1], xo, yo, xi, yi, 32, 8, guard);
    }
    a.h1.compute_root();
    a.h2.compute_root();
    Func part = a.g.update().split(a.rn.x, rq, rp, 64, guard).rfactor(rq, q);
    part.compute_root();
    a.g.compute_root();
    std::vector<std::tuple<Func, RDom>> fcs = {{a.fc1, a.q1}, {a.fc2, a.q2}, {a.fc3, a.q3}};
    std::vector<Func> lanes;
    for (auto [fc, r] : fcs) {
        RVar ro, rl;
        lanes.push_back(fc.update().split(r.x, ro, rl, 8, guard).rfactor(rl, u));
        fc.compute_root();
        lanes.back().compute_root();
    }
    a.mat.compute_root();
    // @layer loops
    for (auto [h, dot, r] : {std::tuple{a.h1, a.conv1, a.r1}, std::tuple{a.h2, a.conv2, a.r2}}) {
        h.split(a.n, a.n, nv, 4, guard).reorder(nv, a.c, a.n)
            .gpu_tile(a.c, a.n, xo, yo, xi, yi, 32, 4, guard).unroll(nv);
        dot.compute_at(h, xi).store_in(MemoryType::Register).unroll(a.n);
        dot.update().reorder(a.n, r.x).unroll(a.n);
    }
    part.gpu_tile(a.c, q, xo, yo, xi, yi, 32, 4, guard);
    part.update().split(rp, rpo, rpi, 4, guard).reorder(rpi, rpo, a.c, q)
        .gpu_tile(a.c, q, xo, yo, xi, yi, 32, 4, guard);
    a.g.gpu_tile(a.c, xo, xi, 64, guard);
    a.g.update().gpu_tile(a.c, xo, xi, 64, guard);
    for (int k = 0; k < 3; k++) {
        Func fc = std::get<0>(fcs[k]);
        lanes[k].gpu_tile(u, a.c, xo, yo, xi, yi, 8, 16, guard);
        lanes[k].update().reorder(u, a.c).gpu_tile(u, a.c, xo, yo, xi, yi, 8, 16, guard);
        fc.gpu_tile(a.c, xo, xi, 64, guard);
        fc.update().gpu_tile(a.c, xo, xi, 64, guard);
    }
    a.mat.gpu_tile(a.j, a.i, xo, yo, xi, yi, 3, 3, guard);
    a.trans.gpu_tile(a.j, a.i, xo, yo, xi, yi, 3, 3, guard);
    a.out.gpu_tile(a.n, a.j, xo, yo, xi, yi, 64, 1, guard);
    // @layer memory
    a.conv3.compute_at(part, rpo).store_in(MemoryType::Register);
    // @layer vector
    a.conv3.unroll(a.n);
    a.conv3.update().reorder(a.n, a.r3.x).unroll(a.n);
    // @end
    return a.kernel();
}
