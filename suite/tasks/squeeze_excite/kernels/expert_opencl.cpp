// Expert opencl schedule for `squeeze_excite`: four kernels, no global read-modify-write.
// The three per-channel reductions (the spatial sum, fc1, fc2) run in work-groups of 32
// channels, one work-item per output channel accumulating its sum in a register; the
// stored stages are their pointwise consumers (pooled, s1, gate), so the bias, ReLU and
// hard-sigmoid are fused into the same kernel. The scale runs as 32x4 tiles of independent
// work-items over (columns, rows), channels as the third grid dimension, which OpenCL CPU
// drivers such as PoCL vectorize across the work-group; tails guarded.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var xo{"xo"}, yo{"yo"}, xi{"xi"}, yi{"yi"}, co{"co"}, ci{"ci"};
    // @layer compute
    // One kernel per stored stage; the reductions live in registers of their consumers.
    a.pooled.compute_root();
    a.s1.compute_root();
    a.gate.compute_root();
    // @layer loops
    for (Func f : {a.pooled, a.s1, a.gate}) f.gpu_tile(a.c, co, ci, 32, TailStrategy::GuardWithIf);
    a.y.gpu_tile(a.col, a.row, xo, yo, xi, yi, 32, 4, TailStrategy::GuardWithIf).gpu_blocks(a.c);
    // @layer memory
    a.pool_sum.compute_at(a.pooled, ci).store_in(MemoryType::Register);
    a.fc1.compute_at(a.s1, ci).store_in(MemoryType::Register);
    a.fc2.compute_at(a.gate, ci).store_in(MemoryType::Register);
    // @end
    return a.kernel();
}
