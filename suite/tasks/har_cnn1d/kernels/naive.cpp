// Naive schedule for `har_cnn1d`: every stage at root, serial and scalar on CPU; one default
// GPU tile per stage on GPU backends. Also the task's trusted reference (built for cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const std::vector<Func> maps = {a.conv1, a.a1, a.conv2, a.a2, a.pool};
    const std::vector<Func> vecs = {a.dense1, a.hidden, a.dense2};
    // @layer compute
    for (const auto *group : {&maps, &vecs}) {
        for (Func f : *group) f.compute_root();
    }
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var xo, yo, xi, yi;
        for (Func f : maps) {
            f.gpu_tile(a.l, a.f, xo, yo, xi, yi, 16, 16, TailStrategy::GuardWithIf);
            if (f.has_update_definition()) f.update().gpu_tile(a.l, a.f, xo, yo, xi, yi, 16, 16, TailStrategy::GuardWithIf);
        }
        for (Func f : vecs) {
            Var v = f.args()[0];
            f.gpu_tile(v, xo, xi, 16, TailStrategy::GuardWithIf);
            if (f.has_update_definition()) f.update().gpu_tile(v, xo, xi, 16, TailStrategy::GuardWithIf);
        }
        a.logits.gpu_tile(a.k, a.b, xo, yo, xi, yi, 16, 1, TailStrategy::GuardWithIf);
    }
    // @end
    return a.kernel();
}
