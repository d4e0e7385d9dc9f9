// Naive schedule for `conformer_relpos_attention`: every stage at root, serial and scalar
// on CPU; one default GPU tile per stage (and per update) on GPU backends. Also the task's
// trusted reference (built for cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    std::vector<Func> stages = {a.p_dot, a.qu, a.qv, a.s_dot, a.scores,
                                a.row_max, a.ex, a.row_sum};
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
        stages.push_back(a.attn);
        for (Func f : stages) {
            tile(f, f.args());
            for (int u = 0; u < f.num_update_definitions(); u++) tile(f.update(u), f.args());
        }
    }
    // @end
    return a.kernel();
}
