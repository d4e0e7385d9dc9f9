// Naive schedule for `convtasnet_separator`: every stage at root, serial and scalar on CPU;
// one default GPU tile per stage (and per update) on GPU backends. Also the task's trusted
// reference (built for cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    std::vector<Func> stages = {a.g0, a.bn, a.o0, a.ps, a.mk};
    auto add_stats = [&](const task::GlobalStats &s) {
        for (Func f : {s.csum, s.mean, s.csq, s.rstd}) stages.push_back(f);
    };
    add_stats(a.st0[0]);
    for (const task::Block &b : a.blk) {
        for (Func f : {b.c1, b.h1, b.g1, b.dw, b.h2, b.g2, b.res, b.o, b.skp, b.s}) stages.push_back(f);
        for (const task::GlobalStats &s : b.st) add_stats(s);
    }
    // @layer compute
    for (Func f : stages) f.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var xo, yo, zo, xi, yi, zi;
        auto tile = [&](Stage s, const std::vector<Var> &v) {
            if (v.size() == 1) {
                s.gpu_tile(v[0], xo, xi, 16, TailStrategy::GuardWithIf);
            } else if (v.size() == 2) {
                s.gpu_tile(v[0], v[1], xo, yo, xi, yi, 16, 16, TailStrategy::GuardWithIf);
            } else {
                s.gpu_tile(v[0], v[1], v[2], xo, yo, zo, xi, yi, zi, 16, 16, 1, TailStrategy::GuardWithIf);
            }
        };
        stages.push_back(a.masks);
        for (Func f : stages) {
            tile(f, f.args());
            for (int u = 0; u < f.num_update_definitions(); u++) tile(f.update(u), f.args());
        }
    }
    // @end
    return a.kernel();
}
