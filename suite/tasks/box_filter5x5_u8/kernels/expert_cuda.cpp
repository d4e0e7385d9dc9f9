// Expert cuda schedule for `box_filter5x5_u8`: one kernel of 32x8 thread blocks. Each block
// first computes the row sums of its tile plus the 2-row halo above and below (32 x 12
// values, the clamp-to-edge reads inlined) into shared memory, then each thread writes one
// output pixel from five shared-memory rows (sum_y inlined).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var xo{"xo"}, xi{"xi"}, yo{"yo"}, yi{"yi"};
    // @layer compute
    // clamped and sum_y are inlined; sum_x is computed per block (below).
    // @layer loops
    a.out.gpu_tile(a.x, a.y, xo, yo, xi, yi, 32, 8, TailStrategy::GuardWithIf);
    // @layer memory
    a.sum_x.compute_at(a.out, xo).store_in(MemoryType::GPUShared);
    a.sum_x.gpu_threads(a.x, a.y);
    // @end
    return a.kernel();
}
