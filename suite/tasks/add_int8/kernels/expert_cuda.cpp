// Expert cuda schedule for `add_int8`: one kernel instead of one per stage, every stage
// inlined into the int8 store (no int32 intermediates in global memory). The four output
// dimensions are fused into one flat index, one element per thread and 256 threads per
// block, so that consecutive threads read and write consecutive bytes (coalesced) and
// blocks stay full whatever the row width (MobileNet's late layers are only 7 or 14 wide).
// The 64-bit products of SRDHM are 32x32->64-bit widening multiplies. The tail is guarded.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var xy{"xy"}, xyc{"xyc"}, t{"t"}, to{"to"}, ti{"ti"};
    // @layer compute
    // scaled_a, scaled_b and sum are inlined into output.
    // @layer loops
    a.output.fuse(a.x, a.y, xy).fuse(xy, a.c, xyc).fuse(xyc, a.n, t)
        .gpu_tile(t, to, ti, 256, TailStrategy::GuardWithIf);
    // @end
    return a.kernel();
}
