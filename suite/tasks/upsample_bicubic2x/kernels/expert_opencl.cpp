// Expert opencl schedule for `upsample_bicubic2x`: the index and weight tables first (small
// kernels, one work-item per output row or column), then one kernel for the output in 32x4 tiles
// with channels as the third grid dimension; each work-item reads its table entries and the 16
// input taps (neighbouring work-items read neighbouring, mostly shared, pixels).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var xo{"xo"}, yo{"yo"}, xi{"xi"}, yi{"yi"}, io{"io"}, ii{"ii"}, ko{"ko"}, ki{"ki"};
    // @layer compute
    a.tx.compute_root().bound(a.k, 0, 4).gpu_tile(a.k, a.i, ko, io, ki, ii, 4, 32, TailStrategy::GuardWithIf);
    a.wx.compute_root().bound(a.k, 0, 4).gpu_tile(a.k, a.i, ko, io, ki, ii, 4, 32, TailStrategy::GuardWithIf);
    a.ty.compute_root().bound(a.k, 0, 4).gpu_tile(a.k, a.i, ko, io, ki, ii, 4, 32, TailStrategy::GuardWithIf);
    a.wy.compute_root().bound(a.k, 0, 4).gpu_tile(a.k, a.i, ko, io, ki, ii, 4, 32, TailStrategy::GuardWithIf);
    // @layer loops
    a.output.gpu_tile(a.x, a.y, xo, yo, xi, yi, 32, 4, TailStrategy::GuardWithIf).gpu_blocks(a.c);
    // @end
    return a.kernel();
}
