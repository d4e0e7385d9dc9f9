// Expert opencl schedule for `swiglu_gate_fp16`: one kernel, act inlined into y. 64x4
// work-groups of independent work-items, one element each, which OpenCL CPU drivers such as
// PoCL vectorize across the work-group; `half` loads and stores through cl_khr_fp16 (ekb-gen
// adds Halide's cl_half feature for float16 tasks), arithmetic in float. Tails guarded.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var dox{"dox"}, tox{"tox"}, dix{"dix"}, tix{"tix"};
    // @layer compute
    // act is inlined into y.
    // @layer loops
    a.y.gpu_tile(a.d, a.t, dox, tox, dix, tix, 64, 4, TailStrategy::GuardWithIf);
    // @end
    return a.kernel();
}
