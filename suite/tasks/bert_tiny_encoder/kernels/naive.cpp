// Naive schedule for `bert_tiny_encoder`: every stage at root, serial and scalar on CPU; one
// default GPU tile per stage on GPU backends. Also the task's trusted reference (built for
// cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    std::vector<Func> stages = {a.emb, a.pool_dot};
    auto add_ln = [&](task::LayerNorm &ln) {
        for (Func f : {ln.sum, ln.mean, ln.sum_sq, ln.rstd, ln.out}) stages.push_back(f);
    };
    add_ln(a.emb_ln);
    for (auto &L : a.layers) {
        for (Func f : {L.qkv_dot, L.qkv, L.s_dot, L.scores, L.row_max, L.ex, L.row_sum, L.probs, L.ctx, L.o_dot, L.res1,
                       L.f1_dot, L.ff, L.f2_dot, L.res2}) {
            stages.push_back(f);
        }
        add_ln(L.ln1);
        add_ln(L.ln2);
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
        for (Func f : stages) {
            tile(f, f.args());
            if (f.has_update_definition()) tile(f.update(), f.args());
        }
        tile(a.hidden, a.hidden.args());
        tile(a.pooled, a.pooled.args());
    }
    // @end
    return a.kernel();
}
