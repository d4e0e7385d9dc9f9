// Naive schedule for `tinyllama_decode_gqa`: every stage at root, serial and scalar on CPU;
// one default GPU tile per stage on GPU backends. Also the task's trusted reference (built
// for cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // @layer compute
    for (Func f : {a.q_rope, a.k_rope, a.keys, a.vals, a.dot, a.scores, a.row_max, a.ex, a.row_sum,
                   a.probs, a.pv}) {
        f.compute_root();
    }
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var xo, yo, xi, yi;
        for (Func f : {a.q_rope, a.k_rope, a.keys, a.vals, a.dot, a.scores, a.ex, a.probs, a.pv, a.o}) {
            std::vector<Var> v = f.args();
            f.gpu_tile(v[0], v[1], xo, yo, xi, yi, 16, 16, TailStrategy::GuardWithIf);
        }
        a.dot.update().gpu_tile(a.s, a.h, xo, yo, xi, yi, 16, 16, TailStrategy::GuardWithIf);
        a.pv.update().gpu_tile(a.d, a.h, xo, yo, xi, yi, 16, 16, TailStrategy::GuardWithIf);
        for (Func f : {a.row_max, a.row_sum}) {
            f.gpu_tile(a.h, xo, xi, 16, TailStrategy::GuardWithIf);
            f.update().gpu_tile(a.h, xo, xi, 16, TailStrategy::GuardWithIf);
        }
    }
    // @end
    return a.kernel();
}
