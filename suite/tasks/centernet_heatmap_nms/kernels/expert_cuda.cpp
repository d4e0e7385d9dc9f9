// Expert cuda schedule for `centernet_heatmap_nms`: one kernel. Each block stages its tile
// of x with the one-pixel -inf border in shared memory (read once from global memory),
// then each thread takes the 3x3 max of its pixel from shared memory (9 taps unrolled, in
// a register), computes the clamped sigmoid and stores it or 0.
// 32x8-thread blocks, threads adjacent along the columns (coalesced), channels along the grid's third dimension; all tails GuardWithIf.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var xo{"xo"}, yo{"yo"}, co{"co"}, xi{"xi"}, yi{"yi"}, ci{"ci"};
    // @layer loops
    a.y.gpu_tile(a.col, a.row, a.c, xo, yo, co, xi, yi, ci, 32, 8, 1, TailStrategy::GuardWithIf);
    // @layer memory
    a.x_padded.compute_at(a.y, xo).store_in(MemoryType::GPUShared).gpu_threads(a.col, a.row);
    a.hmax.compute_at(a.y, xi).store_in(MemoryType::Register);
    // @layer vector
    a.hmax.update().unroll(a.rk.x).unroll(a.rk.y);
    // @end
    return a.kernel();
}
