// Expert cuda schedule for `conv1d_s2`: one kernel, the zero padding inlined into the loads.
// 64x2-thread blocks over (output time steps, output-channel groups); each thread
// accumulates one time step of 4 output channels in registers across all input channels
// and the 3 unrolled taps (one input load feeds 4 FMAs); the input reads are coalesced
// along time and the weights are uniform across a warp.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int chans = 4;
    Var lo{"lo"}, li{"li"}, co{"co"}, ci{"ci"}, cv{"cv"};
    // @layer compute
    // padded is inlined; conv lives in registers of each GPU thread (below).
    // @layer loops
    a.output.split(a.c, a.c, cv, chans, TailStrategy::GuardWithIf)
        .reorder(cv, a.l, a.c, a.n)
        .gpu_tile(a.l, a.c, lo, co, li, ci, 64, 2, TailStrategy::GuardWithIf);
    // @layer memory
    a.conv.compute_at(a.output, li).store_in(MemoryType::Register);
    // @layer vector
    a.output.unroll(cv);
    a.conv.unroll(a.c);
    a.conv.update().reorder(a.c, a.r.y, a.r.x, a.l, a.n).unroll(a.c).unroll(a.r.y);
    // @end
    return a.kernel();
}
