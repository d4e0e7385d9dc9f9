// Naive schedule for `transformer_encoder_layer`: every stage at root, serial and scalar on
// CPU; one default GPU tile per stage on GPU backends (per-row stages tiled over rows only).
// Also the task's trusted reference (built for cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // The per-token stages f(c, t), the per-head stages f(s, t, h), the per-row stages f(t)
    // or f(t, h); reductions are listed with their updates.
    const std::vector<Func> tiles2 = {a.qkv_dot, a.qkv,    a.ctx,     a.o_dot, a.res1, a.ln1.out,
                                      a.f1_dot,  a.ff,     a.f2_dot,  a.res2};
    const std::vector<Func> tiles3 = {a.s_dot, a.scores, a.ex, a.probs};
    const std::vector<Func> rows = {a.row_max, a.row_sum, a.ln1.sum, a.ln1.mean, a.ln1.sum_sq, a.ln1.rstd,
                                    a.ln2.sum, a.ln2.mean, a.ln2.sum_sq, a.ln2.rstd};
    // @layer compute
    for (const std::vector<Func> &fs : {tiles2, tiles3, rows}) {
        for (Func f : fs) f.compute_root();
    }
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var xo, yo, zo, xi, yi, zi;
        auto stages = [](Func f) {
            std::vector<Stage> st = {Stage(f)};
            for (int u = 0; u < f.num_update_definitions(); u++) st.push_back(f.update(u));
            return st;
        };
        for (Func f : tiles2) {
            for (Stage st : stages(f)) st.gpu_tile(a.c, a.t, xo, yo, xi, yi, 16, 16, TailStrategy::GuardWithIf);
        }
        a.ln2.out.gpu_tile(a.c, a.t, xo, yo, xi, yi, 16, 16, TailStrategy::GuardWithIf);
        for (Func f : tiles3) {
            for (Stage st : stages(f)) {
                st.gpu_tile(a.s, a.t, a.h, xo, yo, zo, xi, yi, zi, 16, 16, 1, TailStrategy::GuardWithIf);
            }
        }
        for (Func f : rows) {
            for (Stage st : stages(f)) st.gpu_tile(a.t, yo, yi, 64, TailStrategy::GuardWithIf);
        }
    }
    // @end
    return a.kernel();
}
