// Expert cuda schedule for `conv2d_3x3_fp16`: one kernel, the zero padding inlined into the loads
// (a clamped load and a select, no padded copy in global memory). 32x8-thread blocks over
// (columns, rows), one block row of channel groups per grid z; threads adjacent along x, so
// every input row is read coalesced across a warp and every weight is a warp-uniform
// broadcast. Each thread accumulates one pixel of 4 output channels in registers across all
// input channels and the 9 unrolled taps: one input load feeds 4 FMAs.
// float16 variant of `conv2d_3x3` with its schedule: PTX widens float16 loads with cvt.f32.f16 and\n// narrows the output with cvt.rn.f16.f32, arithmetic in float.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int chans = 4;
    Var xo{"xo"}, xi{"xi"}, yo{"yo"}, yi{"yi"}, co{"co"}, ci{"ci"}, cv{"cv"};
    // @layer compute
    // padded is inlined; conv lives in registers of each GPU thread (below).
    // @layer loops
    a.output.split(a.c, a.c, cv, chans, TailStrategy::GuardWithIf)
        .reorder(cv, a.x, a.y, a.c, a.n)
        .gpu_tile(a.x, a.y, a.c, xo, yo, co, xi, yi, ci, 32, 8, 1, TailStrategy::GuardWithIf);
    // @layer memory
    a.conv.compute_at(a.output, xi).store_in(MemoryType::Register);
    // @layer vector
    a.output.unroll(cv);
    a.conv.unroll(a.c);
    a.conv.update()
        .reorder(a.c, a.r.y, a.r.z, a.r.x, a.x, a.y, a.n)
        .unroll(a.c).unroll(a.r.y).unroll(a.r.z);
    // @end
    return a.kernel();
}
