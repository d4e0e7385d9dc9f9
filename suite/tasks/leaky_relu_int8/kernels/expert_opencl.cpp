// Expert opencl schedule for `leaky_relu_int8`: one kernel instead of one per stage, every stage
// inlined into the int8 store (no int32 intermediates in global memory). 32x4x2 threads per
// block over (channels, columns, rows): in NHWC the channels are contiguous, so a warp reads
// and writes one run of consecutive bytes. Tails are guarded.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var co{"co"}, ci{"ci"}, xo{"xo"}, xi{"xi"}, yo{"yo"}, yi{"yi"};
    // @layer compute
    // every intermediate stage is inlined into output.
    // @layer loops
    a.output.gpu_tile(a.c, a.x, a.y, co, xo, yo, ci, xi, yi, 32, 4, 2, TailStrategy::GuardWithIf);
    // @end
    return a.kernel();
}
