// Naive schedule for `vit_tiny_patch_embed`: every stage at root, serial and scalar on CPU;
// one default GPU tile per stage on GPU backends. Also the task's trusted reference (built
// for cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // @layer compute
    a.emb.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var xo, yo, xi, yi;
        a.emb.gpu_tile(a.d, a.p, xo, yo, xi, yi, 16, 16, TailStrategy::GuardWithIf);
        a.emb.update().gpu_tile(a.d, a.p, xo, yo, xi, yi, 16, 16, TailStrategy::GuardWithIf);
        a.y.gpu_tile(a.d, a.t, xo, yo, xi, yi, 16, 16, TailStrategy::GuardWithIf);
    }
    // @end
    return a.kernel();
}
