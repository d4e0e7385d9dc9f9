// Expert opencl schedule for `warp_affine_bilinear`: one kernel; each work-item computes 8
// output pixels of a row as float8 vectors (coordinates once in registers, then every channel,
// the taps gathered), work-groups of 8x4.
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
        .reorder(xv, a.c, a.x, a.y)
        .gpu_tile(a.x, a.y, xo, yo, xi, yi, 8, 4, TailStrategy::GuardWithIf);
    a.out.reorder(a.c, a.x, a.y).gpu_tile(a.x, a.y, xo, yo, xi, yi, 8, 4, TailStrategy::GuardWithIf);
    // @layer memory
    a.src_x.compute_at(a.out, xi).store_in(MemoryType::Register);
    a.src_y.compute_at(a.out, xi).store_in(MemoryType::Register);
    // @layer vector
    wide.vectorize(xv);
    // @end
    return a.kernel();
}
