// Expert opencl schedule for `quantize_int8`: one kernel instead of one per stage, scaled and
// rounded inlined into the int8 store (no intermediates in global memory). Work-groups are
// 32x4 work-items over (columns, rows) of one channel: dense along x, which OpenCL CPU drivers
// such as PoCL vectorize across the work-group, and not spread over channels, which RGB
// images have only 3 of. All tails are guarded.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var xo{"xo"}, yo{"yo"}, xi{"xi"}, yi{"yi"};
    // @layer compute
    // scaled and rounded are inlined into output.
    // @layer loops
    a.output.gpu_tile(a.x, a.y, xo, yo, xi, yi, 32, 4, TailStrategy::GuardWithIf);
    // @end
    return a.kernel();
}
