// Naive schedule for `whisper_tiny_encoder_block`: every stage at root, serial and scalar on
// CPU; one default GPU tile per stage on GPU backends. Also the task's trusted reference
// (built for cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const std::vector<Func> rows = {a.ln1.sum, a.ln1.mean, a.ln1.sum_sq, a.ln1.rstd,
                                    a.ln2.sum, a.ln2.mean, a.ln2.sum_sq, a.ln2.rstd};
    const std::vector<Func> mats = {a.ln1.out, a.q_dot, a.q, a.k_dot, a.k, a.v_dot, a.v, a.ctx, a.o_dot,
                                    a.res1, a.ln2.out, a.f1_dot, a.ff, a.f2_dot};
    const std::vector<Func> attn = {a.s_dot, a.scores, a.ex, a.probs};
    const std::vector<Func> heads = {a.row_max, a.row_sum};
    // @layer compute
    for (const auto *group : {&rows, &mats, &attn, &heads}) {
        for (Func f : *group) f.compute_root();
    }
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
        for (const auto *group : {&rows, &mats, &attn, &heads}) {
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
