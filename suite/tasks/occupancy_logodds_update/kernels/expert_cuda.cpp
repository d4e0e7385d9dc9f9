// Expert cuda schedule for `occupancy_logodds_update`: one kernel of 32x8 thread blocks, one
// cell per thread (z and dl inlined): coalesced loads of the prior, beam and range, a cached
// load of the scan entry, the case selects, the clamp.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var xo{"xo"}, yo{"yo"}, xi{"xi"}, yi{"yi"};
    // @layer loops
    a.out.gpu_tile(a.x, a.y, xo, yo, xi, yi, 32, 8, TailStrategy::GuardWithIf);
    // @end
    return a.kernel();
}
