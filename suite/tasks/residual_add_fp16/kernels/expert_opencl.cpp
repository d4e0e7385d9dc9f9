// Expert opencl schedule for `residual_add_fp16`: one kernel of 64x4 work-groups, one element
// per work-item, which OpenCL CPU drivers such as PoCL vectorize across the work-group; the
// OpenCL C loads and stores `half` through cl_khr_fp16 (ekb-gen adds Halide's cl_half feature
// for float16 tasks) and adds in float. Tails guarded.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var dox{"dox"}, tox{"tox"}, dix{"dix"}, tix{"tix"};
    // @layer compute
    // one stage.
    // @layer loops
    a.y.gpu_tile(a.d, a.t, dox, tox, dix, tix, 64, 4, TailStrategy::GuardWithIf);
    // @end
    return a.kernel();
}
