// Expert opencl schedule for `beamform_delay_sum`: two kernels. The steering weights (M x K)
// are computed once; then one work-item per (bin, frame), work-groups of 64 bins x 4 frames, keeps the
// complex accumulator in registers across the M microphones and writes the interleaved
// (re, im) pair (neighbouring work-items read and write neighbouring bins). Tails use GuardWithIf.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var ko{"ko"}, to{"to"}, ki{"ki"}, ti{"ti"}, mo{"mo"}, mi{"mi"};
    // @layer compute
    a.w.compute_root();
    // @layer loops
    a.w.gpu_tile(a.k, a.m, ko, mo, ki, mi, 64, 1, TailStrategy::GuardWithIf);
    a.Y.bound(a.c, 0, 2).reorder(a.c, a.k, a.t)
        .gpu_tile(a.k, a.t, ko, to, ki, ti, 64, 4, TailStrategy::GuardWithIf);
    // @layer memory
    a.acc.compute_at(a.Y, ki).store_in(MemoryType::Register);
    // @layer vector
    a.Y.unroll(a.c);
    // @end
    return a.kernel();
}
