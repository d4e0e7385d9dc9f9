// Expert opencl schedule for `occupancy_logodds_update`: one kernel; each work-item updates 8
// cells of a row as float8 vectors (z and dl inlined, the scan entries gathered), work-groups
// of 8x4.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = 8;
    Var xo{"xo"}, yo{"yo"}, xi{"xi"}, yi{"yi"}, xv{"xv"};
    // @layer loops
    a.out.split(a.x, a.x, xv, vec, TailStrategy::GuardWithIf)
        .gpu_tile(a.x, a.y, xo, yo, xi, yi, 8, 4, TailStrategy::GuardWithIf);
    // @layer vector
    a.out.vectorize(xv);
    // @end
    return a.kernel();
}
