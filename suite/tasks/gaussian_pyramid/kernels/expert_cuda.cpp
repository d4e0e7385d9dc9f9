// Expert cuda schedule for `gaussian_pyramid`: one kernel per level (each level is an
// output, read by the next). Blocks of 32x8 output pixels; each block first computes the
// decimated horizontal pass of the 19 input rows its 8 output rows need into shared memory
// (blur_x, the reflection a select on the load, its loads coalesced along the rows), then
// each thread sums its 5 vertical taps from shared memory. Tails use GuardWithIf.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var xo{"xo"}, yo{"yo"}, xi{"xi"}, yi{"yi"};
    // @layer compute
    // padded is inlined into blur_x; blur_x is computed per block (below).
    // @layer loops
    for (int l = 0; l < 3; l++) {
        a.level[l].gpu_tile(a.x, a.y, xo, yo, xi, yi, 32, 8, TailStrategy::GuardWithIf);
    }
    // @layer memory
    for (int l = 0; l < 3; l++) {
        a.blur_x[l].compute_at(a.level[l], xo).store_in(MemoryType::GPUShared).gpu_threads(a.x, a.y);
    }
    // @end
    return a.kernel();
}
