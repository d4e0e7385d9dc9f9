// Expert opencl schedule for `elu_fp16`: one kernel, neg inlined. 32x4 work-groups of independent
// work-items over x and y, channels as the third grid dimension, which OpenCL CPU drivers
// such as PoCL vectorize across the work-group; tails guarded.
// float16 variant of `elu` with its schedule: the OpenCL C uses `half` loads and stores through\n// cl_khr_fp16 (ekb-gen adds Halide's cl_half feature for float16 tasks), arithmetic in float.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var xo{"xo"}, yo{"yo"}, xi{"xi"}, yi{"yi"};
    // @layer compute
    // neg inlined into output.
    // @layer loops
    a.output.gpu_tile(a.x, a.y, xo, yo, xi, yi, 32, 4, TailStrategy::GuardWithIf).gpu_blocks(a.c);
    // @end
    return a.kernel();
}
