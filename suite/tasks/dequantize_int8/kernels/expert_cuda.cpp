// Expert cuda schedule for `dequantize_int8`: one kernel instead of one per stage, centered
// inlined into the float32 store. The four output dimensions are fused into one flat index,
// one element per thread and 256 threads per block, so consecutive threads read consecutive
// bytes and write consecutive floats (coalesced) and blocks stay full whatever the row width.
// The tail is guarded.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var xy{"xy"}, xyc{"xyc"}, t{"t"}, to{"to"}, ti{"ti"};
    // @layer compute
    // centered is inlined into output.
    // @layer loops
    a.output.fuse(a.x, a.y, xy).fuse(xy, a.c, xyc).fuse(xyc, a.n, t)
        .gpu_tile(t, to, ti, 256, TailStrategy::GuardWithIf);
    // @end
    return a.kernel();
}
