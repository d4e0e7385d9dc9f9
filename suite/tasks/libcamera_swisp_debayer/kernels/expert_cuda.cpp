// Expert cuda schedule for `libcamera_swisp_debayer`: one kernel, one thread per pixel: the
// 3x3 neighbourhood of the raw read once (mirrored at the border), the sums and CFA-phase
// selects and the three table lookups for B, G, R (unrolled). 32x8-thread blocks, threads adjacent along the columns; tails GuardWithIf.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const TailStrategy t = TailStrategy::GuardWithIf;
    Var o0{"o0"}, o1{"o1"}, i0{"i0"}, i1{"i1"};
    // @layer compute
    a.out.bound(a.c, 0, 3);
    // @layer loops
    a.out.reorder(a.c, a.x, a.y).gpu_tile(a.x, a.y, o0, o1, i0, i1, 32, 8, t);
    // @layer vector
    a.out.unroll(a.c);
    // @end
    return a.kernel();
}
