// Naive schedule for `yolov8n_dfl_decode`: every stage at root, serial and scalar on CPU;
// one default GPU tile per stage on GPU backends. Also the task's trusted reference (built
// for cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // @layer compute
    for (Func f : {a.logit, a.anchor_x, a.anchor_y, a.stride, a.bin_max, a.bin_exp, a.bin_den,
                   a.bin_num, a.dist}) {
        f.compute_root();
    }
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var ao, ai, bo, bi;
        for (Func f : {a.anchor_x, a.anchor_y, a.stride}) f.gpu_tile(a.a, ao, ai, 64, TailStrategy::GuardWithIf);
        for (Func f : {a.logit, a.bin_exp, a.bin_max, a.bin_den, a.bin_num, a.dist, a.y}) {
            Var second = f.args()[1];
            f.gpu_tile(a.a, second, ao, bo, ai, bi, 16, 4, TailStrategy::GuardWithIf);
        }
        for (Func f : {a.bin_max, a.bin_den, a.bin_num}) {
            f.update().gpu_tile(a.a, a.j, ao, bo, ai, bi, 16, 4, TailStrategy::GuardWithIf);
        }
    }
    // @end
    return a.kernel();
}
