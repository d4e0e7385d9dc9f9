// Expert opencl schedule for `nn_preprocess_u8`: one kernel over the 224x224 output; each
// work-item computes 8 output pixels of a row as float8 vectors for all three channels
// (c unrolled, every stage inlined, the packed bytes gathered), work-groups of 8x4.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = 8;
    Var xo{"xo"}, yo{"yo"}, xi{"xi"}, yi{"yi"}, xv{"xv"};
    // @layer compute
    a.img.dim(0).set_bounds(0, 3).set_stride(1).dim(1).set_stride(3);
    // @layer loops
    a.out.bound(a.c, 0, 3).bound(a.x, 0, 224).bound(a.y, 0, 224)
        .split(a.x, a.x, xv, vec)
        .reorder(xv, a.c, a.x, a.y)
        .gpu_tile(a.x, a.y, xo, yo, xi, yi, 7, 4);
    // @layer vector
    a.out.vectorize(xv).unroll(a.c);
    // @end
    return a.kernel();
}
