// Expert opencl schedule for `frame_energy_db`: one kernel, work-groups of 16 frames, one
// work-item per frame, which accumulates its frame's sum of squares in a register and
// writes the log energy.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var fo{"fo"}, fi{"fi"};
    // @layer compute
    // sq is inlined.
    // @layer loops
    a.energy.gpu_tile(a.f, fo, fi, 16, TailStrategy::GuardWithIf);
    // @layer memory
    a.sum_sq.compute_at(a.energy, fi).store_in(MemoryType::Register);
    // @end
    return a.kernel();
}
