// Expert opencl schedule for `conv1x1_int8_relu6`: one kernel. 3-D work-groups of 16 columns
// x 4 rows x 1 channel group; each work-item accumulates one pixel of 8 output channels in
// int32 registers across the input-channel loop (one input load feeds 8 multiply-adds), with
// bias + requantization + the ReLU6 clamp fused into the int8 store. Work-items are
// independent along the columns, which OpenCL CPU drivers such as PoCL vectorize across the
// work-group; all tails use GuardWithIf.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int chans = 8;
    Var xo{"xo"}, yo{"yo"}, co{"co"}, xi{"xi"}, yi{"yi"}, cj{"cj"}, cv{"cv"};
    // @layer compute
    // acc is inlined into output; dot lives in registers of each GPU thread (below).
    // @layer loops
    a.output.split(a.c, a.c, cv, chans, TailStrategy::GuardWithIf)
        .reorder(cv, a.x, a.y, a.c, a.n)
        .gpu_tile(a.x, a.y, a.c, xo, yo, co, xi, yi, cj, 16, 4, 1, TailStrategy::GuardWithIf);
    // @layer memory
    a.dot.compute_at(a.output, xi).store_in(MemoryType::Register);
    // @layer vector
    a.output.unroll(cv);
    a.dot.unroll(a.c);
    a.dot.update().reorder(a.c, a.x, a.y, a.ci, a.n).unroll(a.c);
    // @end
    return a.kernel();
}
