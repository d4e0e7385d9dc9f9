// Expert opencl schedule for `avgpool_fc_head`: two kernels, no global read-modify-write.
// Both reductions (the spatial sum per channel, the dot product per class) run in
// work-groups of 32 outputs, one work-item per output accumulating its sum in a register;
// the stored stages are their pointwise consumers (pooled, logits), so the division by the
// pixel count and the bias are fused into the same kernel. Tails guarded.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var co{"co"}, ci{"ci"};
    // @layer compute
    // One kernel per stored stage; the reductions live in registers of their consumers.
    a.pooled.compute_root();
    // @layer loops
    for (Func f : {a.pooled, a.logits}) f.gpu_tile(a.c, co, ci, 32, TailStrategy::GuardWithIf);
    // @layer memory
    a.pool_sum.compute_at(a.pooled, ci).store_in(MemoryType::Register);
    a.fc.compute_at(a.logits, ci).store_in(MemoryType::Register);
    // @end
    return a.kernel();
}
