// Naive schedule for `speech_enhancement_mask`: every stage at root, serial and scalar on CPU;
// one default GPU tile per stage on GPU backends. Also the task's trusted reference (built
// for cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // @layer compute
    for (Func fn : {a.mag, a.feat, a.fc1, a.hidden, a.fc2, a.mask}) fn.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var o, to, i, ti;
        for (Func fn : {a.mag, a.feat, a.fc2, a.mask, a.out_re, a.out_im}) {
            fn.gpu_tile(a.f, a.t, o, to, i, ti, 16, 16, TailStrategy::GuardWithIf);
        }
        a.fc2.update().gpu_tile(a.f, a.t, o, to, i, ti, 16, 16, TailStrategy::GuardWithIf);
        for (Func fn : {a.fc1, a.hidden}) fn.gpu_tile(a.j, a.t, o, to, i, ti, 16, 16, TailStrategy::GuardWithIf);
        a.fc1.update().gpu_tile(a.j, a.t, o, to, i, ti, 16, 16, TailStrategy::GuardWithIf);
    }
    // @end
    return a.kernel();
}
