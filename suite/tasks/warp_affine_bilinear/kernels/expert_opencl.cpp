// Expert opencl schedule for `warp_affine_bilinear`: one kernel; each work-item computes 8
// output pixels of a row as float8 vectors (coordinates once in registers, then every channel,
// the taps gathered), work-groups of 8x4.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = 8;
    Var xo{"xo"}, yo{"yo"}, xi{"xi"}, yi{"yi"}, xv{"xv"};
    // @layer loops
    a.out.split(a.x, a.x, xv, vec, TailStrategy::GuardWithIf)
        .reorder(xv, a.c, a.x, a.y)
        .gpu_tile(a.x, a.y, xo, yo, xi, yi, 8, 4, TailStrategy::GuardWithIf);
    // @layer memory
    a.src_x.compute_at(a.out, xi).store_in(MemoryType::Register);
    a.src_y.compute_at(a.out, xi).store_in(MemoryType::Register);
    // @layer vector
    a.out.vectorize(xv);
    a.src_x.vectorize(a.x);
    a.src_y.vectorize(a.x);
    // @end
    return a.kernel();
}
