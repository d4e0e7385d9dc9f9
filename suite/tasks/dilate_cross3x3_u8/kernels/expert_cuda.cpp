// Expert cuda schedule for `dilate_cross3x3_u8`: one kernel of 32x8 thread blocks. Each block
// first copies its tile plus a 1-pixel halo (34 x 10 values, coordinates clamped to the image)
// into shared memory, then each thread takes the max over the cross from shared memory.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var xo{"xo"}, xi{"xi"}, yo{"yo"}, yi{"yi"};
    // @layer loops
    a.out.gpu_tile(a.x, a.y, xo, yo, xi, yi, 32, 8, TailStrategy::GuardWithIf);
    // @layer memory
    a.clamped.compute_at(a.out, xo).store_in(MemoryType::GPUShared);
    a.clamped.gpu_threads(a.x, a.y);
    // @end
    return a.kernel();
}
