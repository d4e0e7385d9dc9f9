// Expert opencl schedule for `mish_fp16`: the cpu expert's rewrite (one exp, one divide), one kernel.
// 32x4 work-groups of independent work-items over x and y, channels as the third grid dimension,
// which OpenCL CPU drivers such as PoCL vectorize across the work-group; tails guarded.
// float16 variant of `mish` with its schedule: the OpenCL C uses `half` loads and stores through\n// cl_khr_fp16 (ekb-gen adds Halide's cl_half feature for float16 tasks), arithmetic in float.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var xo{"xo"}, yo{"yo"}, xi{"xi"}, yi{"yi"};
    // @layer compute
    // The same rewrite as the cpu expert: with e = exp(v), tanh(log(1 + e)) = q / (q + 2) for
    // q = e * (e + 2); one exp and one divide instead of exp, log and tanh.
    Func out("out");
    Expr v = cast<float>(a.input(a.x, a.y, a.c, a.n));  // float16 in, float arithmetic
    Expr e = exp(min(v, 20.0f));
    Expr q = e * (e + 2.0f);
    out(a.x, a.y, a.c, a.n) = cast(Float(16), select(v > 20.0f, v, v * q / (q + 2.0f)));  // rounded once
    // @layer loops
    out.gpu_tile(a.x, a.y, xo, yo, xi, yi, 32, 4, TailStrategy::GuardWithIf).gpu_blocks(a.c);
    // @end
    return {{a.input}, {out}};
}
