// Naive schedule for `whisper_tiny_conv_stem`: every stage at root, serial and scalar on CPU;
// one default GPU tile per stage on GPU backends. Also the task's trusted reference (built
// for cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // @layer compute
    for (Func f : {a.mel_padded, a.conv1, a.h, a.h_padded, a.conv2, a.z}) f.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var xo, yo, xi, yi;
        for (Func f : {a.mel_padded, a.conv1, a.h, a.h_padded, a.conv2, a.z}) {
            f.gpu_tile(a.t, a.c, xo, yo, xi, yi, 16, 16, TailStrategy::GuardWithIf);
        }
        for (Func f : {a.conv1, a.conv2}) {
            f.update().gpu_tile(a.t, a.c, xo, yo, xi, yi, 16, 16, TailStrategy::GuardWithIf);
        }
        a.y.gpu_tile(a.c, a.t, xo, yo, xi, yi, 16, 16, TailStrategy::GuardWithIf);
    }
    // @end
    return a.kernel();
}
