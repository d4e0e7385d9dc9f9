// Naive schedule for `kv_decode_attention`: every stage at root, serial and scalar on CPU; one
// default GPU tile per stage on GPU backends (per-head stages tiled over heads only). Also the
// task's trusted reference (built for cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // @layer compute
    a.dot.compute_root();
    a.scores.compute_root();
    a.row_max.compute_root();
    a.ex.compute_root();
    a.row_sum.compute_root();
    a.probs.compute_root();
    a.pv.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var so, to, si, ti;
        for (Func f : {a.dot, a.pv}) {
            Var x = f.args()[0];
            f.gpu_tile(x, a.h, so, to, si, ti, 16, 16, TailStrategy::GuardWithIf);
            f.update().gpu_tile(x, a.h, so, to, si, ti, 16, 16, TailStrategy::GuardWithIf);
        }
        for (Func f : {a.row_max, a.row_sum}) {
            f.gpu_tile(a.h, to, ti, 64, TailStrategy::GuardWithIf);
            f.update().gpu_tile(a.h, to, ti, 64, TailStrategy::GuardWithIf);
        }
        for (Func f : {a.scores, a.ex, a.probs, a.out}) {
            f.gpu_tile(f.args()[0], a.h, so, to, si, ti, 16, 16, TailStrategy::GuardWithIf);
        }
    }
    // @end
    return a.kernel();
}
