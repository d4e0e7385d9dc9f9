// Expert cuda schedule for `frame_energy_db`: one kernel, one warp per frame: lane u
// accumulates samples u, u + 32, ... of the frame in a register (rfactor, gpu_lanes; the
// warp's loads are coalesced), and the 32 partial sums are folded with warp shuffles before
// the log.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var u{"u"};
    RVar ko{"ko"}, ki{"ki"};
    // @layer compute
    // sq is inlined.
    // @layer loops
    a.energy.gpu_blocks(a.f);
    Func lanes = a.sum_sq.update().split(a.k, ko, ki, 32, TailStrategy::GuardWithIf).rfactor(ki, u);
    // @layer memory
    a.sum_sq.compute_at(a.energy, a.f);
    lanes.compute_at(a.energy, a.f);
    // @layer vector
    lanes.gpu_lanes(u);
    lanes.update().gpu_lanes(u);
    // @end
    return a.kernel();
}
