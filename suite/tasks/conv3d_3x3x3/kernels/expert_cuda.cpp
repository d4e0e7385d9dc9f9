// Expert cuda schedule for `conv3d_3x3x3`: one kernel launch per frame, the zero padding
// inlined into the loads (a clamped load and a select, no padded copy in global memory).
// 32x8-thread blocks over (columns, rows), output-channel groups along the grid's z. Threads
// adjacent along x read an input row coalesced across a warp and every weight is a
// warp-uniform broadcast. Each thread accumulates one output voxel of 4 output channels in
// registers across all input channels and the 27 unrolled taps: one input load feeds 4 FMAs.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int chans = 4;
    Var xo{"xo"}, xi{"xi"}, yo{"yo"}, yi{"yi"}, zo{"zo"}, zi{"zi"}, cv{"cv"};
    // @layer compute
    // padded is inlined; conv lives in the registers of each thread (memory, below).
    // @layer loops
    // One kernel launch per frame (a host loop over z, at most a few dozen frames), so that
    // every extent of the register tile stays constant.
    a.output.split(a.c, a.c, cv, chans, TailStrategy::GuardWithIf)
        .reorder(cv, a.x, a.y, a.c, a.z, a.n)
        .gpu_tile(a.x, a.y, a.c, xo, yo, zo, xi, yi, zi, 32, 8, 1, TailStrategy::GuardWithIf);
    // @layer memory
    a.conv.compute_at(a.output, xi).store_in(MemoryType::Register);
    // @layer vector
    a.output.unroll(cv);
    a.conv.unroll(a.c);
    a.conv.update()
        .reorder(a.c, a.r.y, a.r.z, a.r.w, a.r.x, a.x, a.y, a.z, a.n)
        .unroll(a.c).unroll(a.r.y).unroll(a.r.z).unroll(a.r.w);
    // @end
    return a.kernel();
}
