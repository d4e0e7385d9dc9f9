// Naive schedule for `kws_mfcc_dscnn_e2e`: every stage at root, serial and scalar on CPU;
// one default GPU tile per stage (and per update) on GPU backends. Also the task's trusted
// reference (built for cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    std::vector<Func> stages = {a.frame, a.cos_tab, a.sin_tab, a.re, a.im, a.mag, a.mel, a.logmel, a.dct,
                                a.mfcc_sum, a.mfcc, a.x_padded, a.conv1, a.a0};
    for (int i = 0; i < task::Algorithm::blocks; i++) {
        for (Func f : {a.a_padded[i], a.dw[i], a.d[i], a.pw[i], a.act[i]}) stages.push_back(f);
    }
    for (Func f : {a.pool_sum, a.pool, a.fc}) stages.push_back(f);
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
        stages.push_back(a.logits);
        for (Func f : stages) {
            tile(f, f.args());
            for (int u = 0; u < f.num_update_definitions(); u++) tile(f.update(u), f.args());
        }
    }
    // @end
    return a.kernel();
}
