// Naive schedule for `tiny_cnn_int8`: every stage at root, serial and scalar on CPU; one
// default GPU tile per stage on GPU backends. Also the task's trusted reference (built for
// cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // @layer compute
    for (Func f : {a.padded, a.conv_acc, a.act, a.pool, a.fc_acc}) f.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var xo, yo, zo, xi, yi, zi;
        for (Stage s : {Stage(a.padded), Stage(a.conv_acc), a.conv_acc.update(), Stage(a.act), Stage(a.pool)}) {
            s.gpu_tile(a.x, a.y, a.c, xo, yo, zo, xi, yi, zi, 16, 16, 1, TailStrategy::GuardWithIf);
        }
        for (Stage s : {Stage(a.fc_acc), a.fc_acc.update(), Stage(a.logits)}) {
            s.gpu_tile(a.k, a.n, xo, yo, xi, yi, 16, 1, TailStrategy::GuardWithIf);
        }
    }
    // @end
    return a.kernel();
}
