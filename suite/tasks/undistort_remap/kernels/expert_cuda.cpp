// Expert cuda schedule for `undistort_remap`: one kernel of 32x8 thread blocks, one
// output pixel per thread: the source coordinate in registers, then the bilinear blend of each
// channel (c a loop inside the thread, so the coordinate math is done once per pixel).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var xo{"xo"}, yo{"yo"}, xi{"xi"}, yi{"yi"};
    // @layer loops
    a.out.reorder(a.c, a.x, a.y)
        .gpu_tile(a.x, a.y, xo, yo, xi, yi, 32, 8, TailStrategy::GuardWithIf);
    // @layer memory
    a.src_x.compute_at(a.out, xi).store_in(MemoryType::Register);
    a.src_y.compute_at(a.out, xi).store_in(MemoryType::Register);
    // @end
    return a.kernel();
}
