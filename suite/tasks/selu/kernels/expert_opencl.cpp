// Expert opencl schedule for `selu`: one kernel, neg inlined. 64x2 work-groups, each work-item
// computing 4 neighbouring features (unrolled), tails guarded.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var dox{"dox"}, tox{"tox"}, dix{"dix"}, tix{"tix"}, dv{"dv"};
    // @layer compute
    // neg inlined into y.
    // @layer loops
    a.y.split(a.d, a.d, dv, 4, TailStrategy::GuardWithIf)
        .gpu_tile(a.d, a.t, dox, tox, dix, tix, 64, 2, TailStrategy::GuardWithIf);
    // @layer vector
    a.y.unroll(dv);
    // @end
    return a.kernel();
}
