// Naive schedule for `spectral_gate`: every stage at root, serial and scalar on CPU; one
// default GPU tile per stage on GPU backends. Also the task's trusted reference (built for
// cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // @layer compute
    a.power.compute_root();
    a.clean.compute_root();
    a.gain.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var fo, to, fi, ti;
        for (Func s : {a.power, a.clean, a.gain, a.out_re, a.out_im}) {
            s.gpu_tile(a.f, a.t, fo, to, fi, ti, 16, 16, TailStrategy::GuardWithIf);
        }
    }
    // @end
    return a.kernel();
}
