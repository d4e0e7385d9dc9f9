// Naive schedule for `conformer_ffn_macaron`: every stage at root, serial and scalar on CPU;
// one default GPU tile per stage on GPU backends. Also the task's trusted reference (built
// for cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const std::vector<Func> stages = {a.sum, a.mean, a.sum_sq, a.rstd, a.ln, a.f1_dot, a.ff, a.f2_dot};
    // @layer compute
    for (Func f : stages) f.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var xo, yo, xi, yi;
        auto tile = [&](Stage s, const std::vector<Var> &v) {
            if (v.size() == 1) {
                s.gpu_tile(v[0], xo, xi, 16, TailStrategy::GuardWithIf);
            } else {
                s.gpu_tile(v[0], v[1], xo, yo, xi, yi, 16, 16, TailStrategy::GuardWithIf);
            }
        };
        for (Func f : stages) {
            tile(f, f.args());
            if (f.has_update_definition()) tile(f.update(), f.args());
        }
        tile(a.y, a.y.args());
    }
    // @end
    return a.kernel();
}
