// Expert opencl schedule for `tanh_fp16`: one kernel (the device's tanh). 32x4 work-groups of
// independent work-items over x and y, channels as the third grid dimension, which OpenCL CPU
// drivers such as PoCL vectorize across the work-group; tails guarded.
// float16 variant of `tanh` with its schedule: the OpenCL C uses `half` loads and stores through\n// cl_khr_fp16 (ekb-gen adds Halide's cl_half feature for float16 tasks), arithmetic in float.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var xo{"xo"}, yo{"yo"}, xi{"xi"}, yi{"yi"};
    // @layer compute
    // An algorithm rewrite: tanh(v) = 1 - 2 / (exp(2v) + 1). Halide's tanh is a scalar libm
    // call per element; its exp is an exact inline polynomial that vectorizes.
    Func out("out");
    Expr v = cast<float>(a.input(a.x, a.y, a.c, a.n));  // float16 in, float arithmetic
    out(a.x, a.y, a.c, a.n) = cast(Float(16), 1.0f - 2.0f / (exp(2.0f * v) + 1.0f));  // rounded once
    // @layer loops
    a.output.gpu_tile(a.x, a.y, xo, yo, xi, yi, 32, 4, TailStrategy::GuardWithIf).gpu_blocks(a.c);
    // @end
    return a.kernel();
}
