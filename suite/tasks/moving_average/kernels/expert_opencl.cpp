// Expert opencl schedule for `moving_average`: one kernel. Work-groups of 128 consecutive
// samples of one channel; the work-group first stages its zero-padded input window (128 + 31
// samples) in local memory, then each work-item sums its 32 samples from local memory in a
// register (every input sample is read from global memory once per work-group instead of 32
// times). Work-group tails use GuardWithIf.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var io{"io"}, co{"co"}, ii{"ii"}, ci{"ci"}, xo{"xo"}, xi{"xi"};
    // @layer loops
    a.y.gpu_tile(a.i, a.c, io, co, ii, ci, 128, 1, TailStrategy::GuardWithIf);
    // @layer memory
    a.xpad.compute_at(a.y, io).store_in(MemoryType::GPUShared)
        .split(a.i, xo, xi, 128, TailStrategy::GuardWithIf).gpu_threads(xi);
    a.wsum.compute_at(a.y, ii).store_in(MemoryType::Register);
    // @layer vector
    a.wsum.update().unroll(a.k, 8);
    // @end
    return a.kernel();
}
