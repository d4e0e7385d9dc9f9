// Expert opencl schedule for `occupancy_logodds_update`: one kernel; each work-item updates 8
// cells of a row as float8 vectors (z and dl inlined, the scan entries gathered), work-groups
// of 8x4.
// Rows at least 8 wide shift their last vector inwards, so every vector is whole (OpenCL C
// has no masked vector loads); narrower ones take one element per work-item.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = 8;
    Var xo{"xo"}, yo{"yo"}, xi{"xi"}, yi{"yi"}, xv{"xv"};
    // @layer loops
    Stage wide = a.out.specialize(a.out.output_buffer().dim(0).extent() >= vec);
    wide.split(a.x, a.x, xv, vec, TailStrategy::ShiftInwards)
        .gpu_tile(a.x, a.y, xo, yo, xi, yi, 8, 4, TailStrategy::GuardWithIf);
    a.out.gpu_tile(a.x, a.y, xo, yo, xi, yi, 8, 4, TailStrategy::GuardWithIf);
    // @layer vector
    wide.vectorize(xv);
    // @end
    return a.kernel();
}
