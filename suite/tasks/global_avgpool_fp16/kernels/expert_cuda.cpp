// Expert cuda schedule for `global_avgpool_fp16`: one kernel, thread blocks of 64 channels, one
// thread per channel, which accumulates its channel's plane in a register and writes the mean
// once. The planes are short (9 to 64 pixels at the head of an edge network), so a thread per
// channel keeps every thread busy without a cross-thread reduction.
// float16 variant of `global_avgpool` with its schedule: PTX widens float16 loads with cvt.f32.f16 and\n// narrows the output with cvt.rn.f16.f32, arithmetic in float.
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
