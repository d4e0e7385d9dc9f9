// Naive schedule for `hamming_match_u8`: every stage at root, serial and scalar on CPU; one
// default GPU tile per stage on GPU backends. Also the task's trusted reference (built for cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // @layer compute
    a.qw.compute_root();
    a.tw.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var wo, wi, no, ni, mo, mi;
        a.qw.gpu_tile(a.w, a.n, wo, no, wi, ni, 8, 16, TailStrategy::GuardWithIf);
        a.tw.gpu_tile(a.w, a.m, wo, mo, wi, mi, 8, 16, TailStrategy::GuardWithIf);
        a.dist.gpu_tile(a.m, a.n, mo, no, mi, ni, 16, 16, TailStrategy::GuardWithIf);
    }
    // @end
    return a.kernel();
}
