// Expert opencl schedule for `gamma_lut_u8`: one kernel (index inlined) of 64x4 work-groups,
// one work-item per pixel: a load of the pixel, a load of the table (256 bytes, it stays in
// cache) and a store. OpenCL CPU drivers such as PoCL vectorize across the work-group.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var xo{"xo"}, xi{"xi"}, yo{"yo"}, yi{"yi"};
    // @layer compute
    // index is inlined into out.
    // @layer loops
    a.out.gpu_tile(a.x, a.y, xo, yo, xi, yi, 64, 4, TailStrategy::GuardWithIf);
    // @end
    return a.kernel();
}
