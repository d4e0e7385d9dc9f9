// Expert cuda schedule for `census_hamming_cost`: two census kernels (32x8 blocks, one code per
// thread, clamped reads inlined); then the cost kernel of 32x8 thread blocks, one pixel per
// thread looping over the 64 disparities: its left code stays in a register, the right codes
// its block needs (96 x 8, census_rc) are staged in shared memory, and each iteration writes one
// coalesced row of the d plane.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var xo{"xo"}, yo{"yo"}, xi{"xi"}, yi{"yi"};
    // @layer compute
    a.census_l.compute_root();
    a.census_r.compute_root();
    // @layer loops
    a.census_l.gpu_tile(a.x, a.y, xo, yo, xi, yi, 32, 8, TailStrategy::GuardWithIf);
    a.census_r.gpu_tile(a.x, a.y, xo, yo, xi, yi, 32, 8, TailStrategy::GuardWithIf);
    a.cost.bound(a.d, 0, 64).reorder(a.d, a.x, a.y)
        .gpu_tile(a.x, a.y, xo, yo, xi, yi, 32, 8, TailStrategy::GuardWithIf);
    // @layer memory
    a.census_rc.compute_at(a.cost, xo).store_in(MemoryType::GPUShared).gpu_threads(a.x, a.y);
    // @end
    return a.kernel();
}
