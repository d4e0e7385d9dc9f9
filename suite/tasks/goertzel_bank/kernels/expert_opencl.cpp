// Expert opencl schedule for `goertzel_bank`: one kernel. One work-item per (frame, filter),
// work-groups of 8 filters x 32 frames; each work-item keeps its recurrence state (s[n-1], s[n-2]) in
// private registers across all N samples and evaluates the power at the end (no state round trips
// through memory). The 8 work-items of one frame read the same sample (a broadcast); work-group tails
// use GuardWithIf.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var ko{"ko"}, fo{"fo"}, ki{"ki"}, fi{"fi"};
    // @layer compute
    // state lives in each work-item's registers (below).
    // @layer loops
    a.P.gpu_tile(a.k, a.f, ko, fo, ki, fi, 8, 32, TailStrategy::GuardWithIf);
    // @layer memory
    a.state.compute_at(a.P, ki).store_in(MemoryType::Register);
    // @end
    return a.kernel();
}
