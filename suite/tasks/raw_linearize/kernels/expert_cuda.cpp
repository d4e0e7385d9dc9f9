// Expert cuda schedule for `raw_linearize`: one kernel of 32x8 thread blocks, one pixel per
// thread (lin and scale inlined): a coalesced load of the sample, a cached table load, the
// black level of its CFA channel, the divide and the clamp.
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
