// Naive schedule for `mobilevit_xxs_block`: every stage at root, serial and scalar on CPU;
// one default GPU tile per stage on GPU backends. Also the task's trusted reference (built
// for cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    std::vector<Func> stages = {a.x_pad, a.local_dot, a.local, a.t0, a.pj_dot, a.pj, a.pj_pad, a.fuse_dot};
    auto add_ln = [&](task::LayerNorm &ln) {
        for (Func f : {ln.sum, ln.mean, ln.sum_sq, ln.rstd, ln.out}) stages.push_back(f);
    };
    for (auto &L : a.layers) {
        add_ln(L.ln1);
        add_ln(L.ln2);
        for (Func f : {L.qkv_dot, L.qkv, L.s_dot, L.scores, L.row_max, L.ex, L.row_sum, L.probs, L.ctx, L.pr_dot,
                       L.res1, L.f1_dot, L.ff, L.f2_dot, L.out}) {
            stages.push_back(f);
        }
    }
    add_ln(a.norm);
    // @layer compute
    for (Func f : stages) f.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var xo, yo, zo, xi, yi, zi, fz;
        auto tile = [&](Stage s, const std::vector<Var> &v) {
            if (v.size() == 4) {
                s.fuse(v[2], v[3], fz).gpu_tile(v[0], v[1], fz, xo, yo, zo, xi, yi, zi, 16, 16, 1, TailStrategy::GuardWithIf);
            } else if (v.size() == 2) {
                s.gpu_tile(v[0], v[1], xo, yo, xi, yi, 16, 16, TailStrategy::GuardWithIf);
            } else {
                s.gpu_tile(v[0], v[1], v[2], xo, yo, zo, xi, yi, zi, 16, 16, 1, TailStrategy::GuardWithIf);
            }
        };
        for (Func f : stages) {
            tile(f, f.args());
            for (int u = 0; u < (int)f.num_update_definitions(); u++) tile(f.update(u), f.args());
        }
        tile(a.y, a.y.args());
    }
    // @end
    return a.kernel();
}
