// Naive schedule for `angle_fft_antennas`: every stage at root, serial and scalar on CPU; one
// default GPU tile per stage on GPU backends. Also the task's trusted reference (built for
// cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // @layer compute
    for (Func f : {a.cos_t, a.re, a.im}) f.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var mo, mi, qo, ro, qi, ri;
        const TailStrategy guard = TailStrategy::GuardWithIf;
        a.cos_t.gpu_tile(a.m, mo, mi, 64, guard);
        for (Func f : {a.re, a.im}) {
            f.gpu_tile(a.q, a.r, qo, ro, qi, ri, 16, 16, guard);
            f.update().gpu_tile(a.q, a.r, qo, ro, qi, ri, 16, 16, guard);
        }
        a.P.gpu_tile(a.q, a.r, qo, ro, qi, ri, 16, 16, guard);
    }
    // @end
    return a.kernel();
}
