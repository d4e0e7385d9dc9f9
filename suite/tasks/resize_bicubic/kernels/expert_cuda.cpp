// Expert cuda schedule for `resize_bicubic`: the tap tables (x0, wx per column, y0, wy per
// row) in two small kernels; then one kernel of 32x8 thread blocks: each thread does the
// 4 x 4 taps of its pixel (the horizontal pass inlined into the vertical one, the input read
// through the L1 cache). The horizontal pass used to be computed per block into shared
// memory (at out's block level): that failed every launch on NVIDIA GPUs
// (CUDA_ERROR_INVALID_VALUE), since the rows a block needs come from y0, a computed table,
// so Halide bounded them by the whole input height and launched 32 x H threads per block.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var xo{"xo"}, xi{"xi"}, yo{"yo"}, yi{"yi"};
    // @layer compute
    for (Func f : {a.x0, a.y0, a.wx, a.wy}) f.compute_root();
    // @layer loops
    a.x0.gpu_tile(a.x, xo, xi, 128, TailStrategy::GuardWithIf);
    a.y0.gpu_tile(a.y, yo, yi, 128, TailStrategy::GuardWithIf);
    a.wx.bound(a.k, 0, 4).reorder(a.k, a.x).unroll(a.k).gpu_tile(a.x, xo, xi, 128, TailStrategy::GuardWithIf);
    a.wy.bound(a.k, 0, 4).reorder(a.k, a.y).unroll(a.k).gpu_tile(a.y, yo, yi, 128, TailStrategy::GuardWithIf);
    a.out.gpu_tile(a.x, a.y, xo, yo, xi, yi, 32, 8, TailStrategy::GuardWithIf);
    // @end
    return a.kernel();
}
