// Naive schedule for `mobilebert_layer`: every stage at root, serial and scalar on CPU; one
// default GPU tile per stage on GPU backends. Also the task's trusted reference (built for
// cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    std::vector<Func> mats, attn = {a.s_dot, a.scores, a.ex, a.probs}, rows = {a.row_max, a.row_sum};
    for (auto &p : a.projections) {
        mats.push_back(p.dot);
        if (p.out.name() != a.y.name()) mats.push_back(p.out);
    }
    mats.push_back(a.ctx);
    // @layer compute
    for (const auto *group : {&mats, &attn, &rows}) {
        for (Func f : *group) f.compute_root();
    }
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var xo, yo, zo, xi, yi, zi;
        auto tile = [&](Stage s, const std::vector<Var> &v) {
            if (v.size() == 2) {
                s.gpu_tile(v[0], v[1], xo, yo, xi, yi, 16, 16, TailStrategy::GuardWithIf);
            } else {
                s.gpu_tile(v[0], v[1], v[2], xo, yo, zo, xi, yi, zi, 16, 16, 1, TailStrategy::GuardWithIf);
            }
        };
        for (const auto *group : {&mats, &attn, &rows}) {
            for (Func f : *group) {
                tile(f, f.args());
                if (f.has_update_definition()) tile(f.update(), f.args());
            }
        }
        tile(a.y, a.y.args());
    }
    // @end
    return a.kernel();
}
