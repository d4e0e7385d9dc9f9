// Expert opencl schedule for `depthwise_conv1d_swish`: one kernel. Work-groups of 64 time
// steps x 4 channels, adjacent work-items along time, so each tap's input load is contiguous
// across the work-group (vectorizable by CPU drivers such as PoCL) and each weight load is
// uniform. Each work-item accumulates one output across the whole tap loop in a register;
// the zero padding is a select on the load, and bias and SiLU are fused into the store.
// Tails use GuardWithIf.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var lo{"lo"}, co{"co"}, li{"li"}, ci{"ci"};
    // @layer compute
    // x_padded and biased are inlined; conv lives in a register of each work-item (below).
    // @layer loops
    a.y.gpu_tile(a.l, a.c, lo, co, li, ci, 64, 4, TailStrategy::GuardWithIf).gpu_blocks(a.n);
    // @layer memory
    a.conv.compute_at(a.y, li).store_in(MemoryType::Register);
    // @end
    return a.kernel();
}
