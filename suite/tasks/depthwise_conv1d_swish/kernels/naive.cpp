// Naive schedule for `depthwise_conv1d_swish`: every stage at root, serial and scalar on CPU;
// one default GPU tile per stage on GPU backends. Also the task's trusted reference (built
// for cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // @layer compute
    a.x_padded.compute_root();
    a.conv.compute_root();
    a.biased.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var lo, co, li, ci;
        for (Stage s : {Stage(a.x_padded), Stage(a.conv), a.conv.update(), Stage(a.biased), Stage(a.y)}) {
            s.gpu_tile(a.l, a.c, lo, co, li, ci, 16, 16, TailStrategy::GuardWithIf);
        }
    }
    // @end
    return a.kernel();
}
