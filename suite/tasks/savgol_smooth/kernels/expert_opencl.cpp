// Expert opencl schedule for `savgol_smooth`: one kernel. Work-groups of 256 consecutive samples of
// one channel; the work-group stages its edge-extended input window (256 + 10 samples, clamped
// indices) in local memory, then each work-item computes one output from 11 local-memory
// reads (each input sample is read from global memory about once). Tails use GuardWithIf.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var io{"io"}, co{"co"}, ii{"ii"}, ci{"ci"}, eo{"eo"}, ei{"ei"};
    // @layer loops
    a.y.gpu_tile(a.i, a.c, io, co, ii, ci, 256, 1, TailStrategy::GuardWithIf);
    // @layer memory
    a.edge.compute_at(a.y, io).store_in(MemoryType::GPUShared)
        .split(a.i, eo, ei, 256, TailStrategy::GuardWithIf).gpu_threads(ei);
    // @end
    return a.kernel();
}
