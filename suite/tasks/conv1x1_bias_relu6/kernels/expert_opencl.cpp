// Expert opencl schedule for `conv1x1_bias_relu6`: 3-D work-groups of 16 columns x 4 rows x
// 4 channel groups; each thread accumulates 4 output channels of one pixel in registers
// across the input-channel loop (one input load feeds 4 FMAs), with bias + ReLU6 fused into
// the store. Neighbouring threads read neighbouring columns (coalesced).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var xo{"xo"}, yo{"yo"}, co{"co"}, xi{"xi"}, yi{"yi"}, ci{"cj"}, cv{"cv"};
    // @layer compute
    // biased is inlined into output; conv lives in registers of each GPU thread (below).
    // @layer loops
    a.output.split(a.c, a.c, cv, 4, TailStrategy::GuardWithIf)
        .reorder(cv, a.x, a.y, a.c, a.n)
        .gpu_tile(a.x, a.y, a.c, xo, yo, co, xi, yi, ci, 16, 4, 4, TailStrategy::GuardWithIf);
    // @layer memory
    a.conv.compute_at(a.output, xi).store_in(MemoryType::Register);
    // @layer vector
    a.output.unroll(cv);
    a.conv.unroll(a.c);
    a.conv.update().reorder(a.c, a.x, a.y, a.ci).unroll(a.c);
    // @end
    return a.kernel();
}
