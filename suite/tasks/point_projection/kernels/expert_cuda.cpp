// Expert cuda schedule for `point_projection`: two kernels of 256-thread blocks, one
// thread per point: the first computes the point's camera-frame coordinates in registers
// and writes both pixel coordinates (the coordinate loop unrolled), the second its depth.
// Consecutive threads read consecutive points and write consecutive outputs (coalesced).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var no{"no"}, ni{"ni"};
    // @layer compute
    // cam is inlined into both outputs; uv always has exactly 2 coordinates.
    a.uv.bound(a.c, 0, 2);
    // @layer loops
    a.uv.reorder(a.c, a.n).gpu_tile(a.n, no, ni, 256, TailStrategy::GuardWithIf);
    a.depth.gpu_tile(a.n, no, ni, 256, TailStrategy::GuardWithIf);
    // @layer vector
    a.uv.unroll(a.c);
    // @end
    return a.kernel();
}
