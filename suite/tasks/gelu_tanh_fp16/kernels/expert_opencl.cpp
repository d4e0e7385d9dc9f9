// Expert opencl schedule for `gelu_tanh_fp16`: one kernel, and the same algorithm rewrite as the
// cpu expert: 0.5 * x * (1 + tanh(z)) = x / (1 + exp(-2z)), an exp instead of a tanh.
// 64x4 work-groups of independent work-items, one element each, which OpenCL CPU drivers
// such as PoCL vectorize across the work-group; tails guarded with GuardWithIf.
// float16 variant of `gelu_tanh` with its schedule: the OpenCL C uses `half` loads and stores through\n// cl_khr_fp16 (ekb-gen adds Halide's cl_half feature for float16 tasks), arithmetic in float.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var dox{"dox"}, tox{"tox"}, dix{"dix"}, tix{"tix"};
    // @layer compute
    Func y("y");
    Expr v = cast<float>(a.x(a.d, a.t));  // float16 in, float arithmetic
    Expr z = task::Algorithm::beta * (v + task::Algorithm::kappa * v * v * v);
    y(a.d, a.t) = cast(Float(16), v / (1.0f + exp(-2.0f * z)));  // rounded to float16 once
    // @layer loops
    y.gpu_tile(a.d, a.t, dox, tox, dix, tix, 64, 4, TailStrategy::GuardWithIf);
    // @end
    return {{a.x}, {y}};
}
