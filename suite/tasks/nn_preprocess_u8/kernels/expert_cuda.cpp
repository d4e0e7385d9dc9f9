// Expert cuda schedule for `nn_preprocess_u8`: one kernel of 32x8 thread blocks over the
// 224x224 output, one output pixel per thread computing its three channels (c unrolled: the
// tap coordinates and weights once, 4 packed-pixel loads per channel, the normalization
// constants folded). Every stage is inlined.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var xo{"xo"}, yo{"yo"}, xi{"xi"}, yi{"yi"};
    // @layer compute
    a.img.dim(0).set_bounds(0, 3).set_stride(1).dim(1).set_stride(3);
    // @layer loops
    a.out.bound(a.c, 0, 3).reorder(a.c, a.x, a.y)
        .gpu_tile(a.x, a.y, xo, yo, xi, yi, 32, 8, TailStrategy::GuardWithIf);
    // @layer vector
    a.out.unroll(a.c);
    // @end
    return a.kernel();
}
