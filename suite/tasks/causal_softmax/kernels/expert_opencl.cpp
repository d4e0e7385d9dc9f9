// Expert opencl schedule for `causal_softmax`: four kernels, no global read-modify-write. The
// two row reductions run in work-groups of 8 rows, one work-item per (query, head) row, each
// accumulating its row in a register (the wrappers row_max.in() and row_sum.in() are what
// is stored); exp and the division run as 64x4 tiles of independent work-items, which
// OpenCL CPU drivers such as PoCL vectorize across the work-group. The mask is an inlined
// select everywhere.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var so{"so"}, si{"si"}, to{"to"}, ti{"ti"};
    // @layer compute
    Func max_out = a.row_max.in();  // one value per row, written once by its work-item
    Func sum_out = a.row_sum.in();
    max_out.compute_root();
    a.ex.compute_root();
    sum_out.compute_root();
    // @layer loops
    max_out.gpu_tile(a.t, to, ti, 8, TailStrategy::GuardWithIf).gpu_blocks(a.h);
    a.ex.gpu_tile(a.s, a.t, so, to, si, ti, 64, 4, TailStrategy::GuardWithIf).gpu_blocks(a.h);
    sum_out.gpu_tile(a.t, to, ti, 8, TailStrategy::GuardWithIf).gpu_blocks(a.h);
    a.y.gpu_tile(a.s, a.t, so, to, si, ti, 64, 4, TailStrategy::GuardWithIf).gpu_blocks(a.h);
    // @layer memory
    a.row_max.compute_at(max_out, ti).store_in(MemoryType::Register);
    a.row_sum.compute_at(sum_out, ti).store_in(MemoryType::Register);
    // @end
    return a.kernel();
}
