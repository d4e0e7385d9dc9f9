// Expert cuda schedule for `resize_bicubic`: the tap tables (x0, wx per column, y0, wy per
// row) in two small kernels; then one kernel of 32x8 thread blocks: each block computes the
// horizontal pass for its 32 columns over the input rows its 8 output rows need (about 9)
// into shared memory, then each thread does the 4-tap vertical pass of its pixel.
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
    // @layer memory
    a.resize_x.compute_at(a.out, xo).store_in(MemoryType::GPUShared);
    a.resize_x.gpu_threads(a.x, a.y);
    // @end
    return a.kernel();
}
