// Expert opencl schedule for `avgpool_global_int8`: one kernel, work-groups of 64 channels, one
// work-item per channel, which accumulates its channel's plane in an int32 register and
// writes the rounded average once. Neighbouring work-items read neighbouring planes in
// lock-step, which OpenCL CPU drivers such as PoCL vectorize across the work-group.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var co{"co"}, ci{"ci"};
    // @layer compute
    // total is computed per work-item (memory, below).
    // @layer loops
    a.output.gpu_tile(a.c, co, ci, 64, TailStrategy::GuardWithIf);
    // @layer memory
    a.total.compute_at(a.output, ci).store_in(MemoryType::Register);
    // @end
    return a.kernel();
}
