// Expert opencl schedule for `mti_canceller3`: one kernel (the naive one has two, with d
// stored to and reloaded from global memory), the canceller inlined into the magnitude.
// Work-groups of 64 range bins x 4 pulses, one work-item per output (coalesced along range);
// work-group tails use GuardWithIf.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var ro{"ro"}, po{"po"}, ri{"ri"}, pi{"pi"};
    // @layer compute
    // diff is inlined into y.
    // @layer loops
    a.y.gpu_tile(a.r, a.p, ro, po, ri, pi, 64, 4, TailStrategy::GuardWithIf);
    // @end
    return a.kernel();
}
