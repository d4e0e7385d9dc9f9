// Expert opencl schedule for `preemphasis`: one kernel, padded inlined; work-groups of 128
// work-items along the samples of one channel, one output element each (OpenCL CPU drivers
// such as PoCL vectorize across the work-group); tails guarded with GuardWithIf.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var no{"no"}, co{"co"}, ni{"ni"}, ci{"ci"};
    // @layer compute
    // padded is inlined.
    // @layer loops
    a.y.gpu_tile(a.n, a.c, no, co, ni, ci, 128, 1, TailStrategy::GuardWithIf);
    // @end
    return a.kernel();
}
