// Expert opencl schedule for `gelu_erf_fp16`: one kernel, cdf inlined. 64x2 work-groups, each work-item
// computing 4 neighbouring features (unrolled), tails guarded.
// float16 variant of `gelu_erf` with its schedule: the OpenCL C uses `half` loads and stores through\n// cl_khr_fp16 (ekb-gen adds Halide's cl_half feature for float16 tasks), arithmetic in float.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var dox{"dox"}, tox{"tox"}, dix{"dix"}, tix{"tix"}, dv{"dv"};
    // @layer compute
    // cdf inlined into y.
    // @layer loops
    a.y.split(a.d, a.d, dv, 4, TailStrategy::GuardWithIf)
        .gpu_tile(a.d, a.t, dox, tox, dix, tix, 64, 2, TailStrategy::GuardWithIf);
    // @layer vector
    a.y.unroll(dv);
    // @end
    return a.kernel();
}
