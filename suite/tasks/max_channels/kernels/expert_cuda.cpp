// Expert cuda schedule for `max_channels`: one kernel, 32x8 thread blocks over x and y, one
// thread per pixel keeping its running maximum in a register while it walks the channels;
// at each channel neighbouring threads read neighbouring pixels (coalesced).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var xo{"xo"}, yo{"yo"}, xi{"xi"}, yi{"yi"};
    // @layer compute
    // best lives in a register (memory).
    // @layer loops
    a.output.gpu_tile(a.x, a.y, xo, yo, xi, yi, 32, 8, TailStrategy::GuardWithIf);
    // @layer memory
    a.best.compute_at(a.output, xi).store_in(MemoryType::Register);
    // @end
    return a.kernel();
}
