// Expert opencl schedule for `layernorm2d`: three kernels. mean and rstd run one work-item per
// pixel in 32x4 tiles, each walking the pixel's channels with its sum in a register (at each
// channel neighbouring work-items read neighbouring pixels); the output runs in 32x4 tiles with
// channels as the third grid dimension. x - mean is recomputed where it is used.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var xo{"xo"}, yo{"yo"}, xi{"xi"}, yi{"yi"};
    // @layer compute
    // xc is inlined; mean and rstd are the stored per-pixel values.
    a.mean.compute_root();
    a.rstd.compute_root();
    // @layer loops
    for (Func st : {a.mean, a.rstd}) st.gpu_tile(a.x, a.y, xo, yo, xi, yi, 32, 4, TailStrategy::GuardWithIf);
    a.output.gpu_tile(a.x, a.y, xo, yo, xi, yi, 32, 4, TailStrategy::GuardWithIf).gpu_blocks(a.c);
    // @layer memory
    a.sum_x.compute_at(a.mean, xi).store_in(MemoryType::Register);
    a.sum_sq.compute_at(a.rstd, xi).store_in(MemoryType::Register);
    // @end
    return a.kernel();
}
