// Expert opencl schedule for `global_avgpool_fp16`: one kernel, work-groups of 64 channels, one
// work-item per channel, which accumulates its channel's plane in a register and writes the
// mean once. Neighbouring work-items read neighbouring planes in lock-step, which OpenCL CPU
// drivers such as PoCL vectorize across the work-group.
// float16 variant of `global_avgpool` with its schedule: the OpenCL C uses `half` loads and stores through\n// cl_khr_fp16 (ekb-gen adds Halide's cl_half feature for float16 tasks), arithmetic in float.
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
