// Expert cuda schedule for `global_avgpool`: one kernel, thread blocks of 64 channels, one
// thread per channel, which accumulates its channel's plane in a register and writes the mean
// once. The planes are short (9 to 64 pixels at the head of an edge network), so a thread per
// channel keeps every thread busy without a cross-thread reduction.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var co{"co"}, ci{"ci"};
    // @layer compute
    // total is computed per thread (memory, below).
    // @layer loops
    a.output.gpu_tile(a.c, co, ci, 64, TailStrategy::GuardWithIf);
    // @layer memory
    a.total.compute_at(a.output, ci).store_in(MemoryType::Register);
    // @layer vector
    a.total.update().unroll(a.r.x, 2, TailStrategy::GuardWithIf);
    // @end
    return a.kernel();
}
