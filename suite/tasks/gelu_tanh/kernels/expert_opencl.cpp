// Expert opencl schedule for `gelu_tanh`: one kernel, and the same algorithm rewrite as the
// cpu expert: 0.5 * x * (1 + tanh(z)) = x / (1 + exp(-2z)), an exp instead of a tanh.
// 64x4 work-groups of independent work-items, one element each, which OpenCL CPU drivers
// such as PoCL vectorize across the work-group; tails guarded with GuardWithIf.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var dox{"dox"}, tox{"tox"}, dix{"dix"}, tix{"tix"};
    // @layer compute
    Func y("y");
    Expr v = a.x(a.d, a.t);
    Expr z = task::Algorithm::beta * (v + task::Algorithm::kappa * v * v * v);
    y(a.d, a.t) = v / (1.0f + exp(-2.0f * z));
    // @layer loops
    y.gpu_tile(a.d, a.t, dox, tox, dix, tix, 64, 4, TailStrategy::GuardWithIf);
    // @end
    return {{a.x}, {y}};
}
