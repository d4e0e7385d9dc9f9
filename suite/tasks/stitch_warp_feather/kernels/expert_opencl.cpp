// Expert opencl schedule for `stitch_warp_feather`: one kernel, one thread per canvas pixel:
// the source position and b's feather weight once, then for the 3 channels (unrolled) the 4
// bilinear taps of b with the zero border and the blend with a. 16x8 work-items per work-group; tails GuardWithIf.
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
    a.out.reorder(a.c, a.x, a.y).gpu_tile(a.x, a.y, o0, o1, i0, i1, 16, 8, t);
    // @layer memory
    for (Func f : {a.bx, a.by, a.wb}) f.compute_at(a.out, i0);
    // @layer vector
    a.out.unroll(a.c);
    // @end
    return a.kernel();
}
