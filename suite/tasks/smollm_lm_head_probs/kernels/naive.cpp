// Naive schedule for `smollm_lm_head_probs`: every stage at root, serial and scalar on CPU;
// one default GPU tile per stage on GPU backends (the scalar reductions on a single GPU
// thread). Also the task's trusted reference (built for cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const std::vector<Func> stages = {a.ss, a.h, a.logit, a.z, a.zmax, a.ex, a.esum};
    // @layer compute
    for (Func f : stages) f.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var xo, xi;
        auto tile = [&](Stage s, const std::vector<Var> &vars) {
            if (vars.empty()) {
                s.gpu_single_thread();
            } else {
                s.gpu_tile(vars[0], xo, xi, 16, TailStrategy::GuardWithIf);
            }
        };
        for (Func f : stages) {
            tile(f, f.args());
            if (f.has_update_definition()) tile(f.update(), f.args());
        }
        tile(a.p, a.p.args());
    }
    // @end
    return a.kernel();
}
