// Expert cuda schedule for `erode3x3_u8`: one kernel of 32x8 thread blocks. Each block first
// computes the horizontal min of its tile plus a 1-row halo above and below (32 x 10 values,
// clamp-to-edge reads inlined) into shared memory; each thread then takes the min of three
// shared rows for its pixel.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var xo{"xo"}, xi{"xi"}, yo{"yo"}, yi{"yi"};
    // @layer loops
    a.out.gpu_tile(a.x, a.y, xo, yo, xi, yi, 32, 8, TailStrategy::GuardWithIf);
    // @layer memory
    a.min_x.compute_at(a.out, xo).store_in(MemoryType::GPUShared);
    a.min_x.gpu_threads(a.x, a.y);
    // @end
    return a.kernel();
}
