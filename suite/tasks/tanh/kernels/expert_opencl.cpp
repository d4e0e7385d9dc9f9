// Expert opencl schedule for `tanh`: one kernel (the device's tanh). 32x4 work-groups of
// independent work-items over x and y, channels as the third grid dimension, which OpenCL CPU
// drivers such as PoCL vectorize across the work-group; tails guarded.
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
    out(a.x, a.y, a.c, a.n) = 1.0f - 2.0f / (exp(2.0f * a.input(a.x, a.y, a.c, a.n)) + 1.0f);
    // @layer loops
    a.output.gpu_tile(a.x, a.y, xo, yo, xi, yi, 32, 4, TailStrategy::GuardWithIf).gpu_blocks(a.c);
    // @end
    return a.kernel();
}
