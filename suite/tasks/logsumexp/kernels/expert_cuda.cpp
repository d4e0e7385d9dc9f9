// Expert cuda schedule for `logsumexp`: one block of 256 threads per row, one kernel per
// reduction: each thread reduces every 256th element of the row into a register (the max,
// then the sum of exps against it), the 256 partials go to shared memory and after a
// barrier one thread combines them; the log is taken by that thread. (Shared memory rather
// than warp shuffles: see docs/kernel-format.md on gpu_lanes.)
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int lanes = 256;
    Var u{"u"};
    RVar kw{"kw"}, kl{"kl"};
    // @layer compute
    Func max_out = a.row_max.in();  // one value per row
    max_out.compute_root();
    Func max_part = a.row_max.update().split(a.k, kw, kl, lanes, TailStrategy::GuardWithIf).rfactor(kl, u);
    Func sum_part = a.row_sum.update().split(a.k, kw, kl, lanes, TailStrategy::GuardWithIf).rfactor(kl, u);
    // @layer loops
    max_out.gpu_blocks(a.r);
    a.out.gpu_blocks(a.r);
    // @layer memory
    a.row_max.compute_at(max_out, a.r);
    max_part.compute_at(max_out, a.r).store_in(MemoryType::GPUShared).gpu_threads(u);
    max_part.update().gpu_threads(u);
    a.row_sum.compute_at(a.out, a.r);
    sum_part.compute_at(a.out, a.r).store_in(MemoryType::GPUShared).gpu_threads(u);
    sum_part.update().gpu_threads(u);
    // @end
    return a.kernel();
}
