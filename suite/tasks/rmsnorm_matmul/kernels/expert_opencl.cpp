// Expert opencl schedule for `rmsnorm_matmul`: two kernels. rstd runs in work-groups of 8
// rows, one work-item per row accumulating its sum of squares in a register (the wrapper
// rstd is what is stored); the projection runs in work-groups of 16 work-items along the
// output features, each accumulating 4 features of one token in registers across the whole
// d loop (one load of x, weight and rstd feeds 4 FMAs). The normalization x * rstd * weight
// is applied on the fly inside the projection, so normed is never stored.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var no{"no"}, to{"to"}, ni{"ni"}, ti{"ti"}, nr{"nr"};
    // @layer compute
    // normed is inlined into the projection; rstd is the stored per-row value.
    a.rstd.compute_root();
    // @layer loops
    a.rstd.gpu_tile(a.t, to, ti, 8, TailStrategy::GuardWithIf);
    a.y.split(a.n, a.n, nr, 4, TailStrategy::GuardWithIf)
        .reorder(nr, a.n, a.t)
        .gpu_tile(a.n, a.t, no, to, ni, ti, 16, 1, TailStrategy::GuardWithIf);
    // @layer memory
    a.sum_sq.compute_at(a.rstd, ti).store_in(MemoryType::Register);
    a.dot.compute_at(a.y, ni).store_in(MemoryType::Register);
    // @layer vector
    a.y.unroll(nr);
    a.dot.unroll(a.n);
    a.dot.update().reorder(a.n, a.t, a.r).unroll(a.n);
    // @end
    return a.kernel();
}
