// Expert opencl schedule for `gemv_decode`: one kernel; work-groups of 16 work-items along
// the outputs, each work-item accumulating 4 output rows in registers across the whole k
// loop (one load of x feeds 4 FMAs) and storing them once. The naive schedule's global
// read-modify-write of every partial sum (and its extra kernels) is gone.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var no{"no"}, ni{"ni"}, nr{"nr"};
    // @layer compute
    // dot lives in registers of each work-item (below).
    // @layer loops
    a.y.split(a.n, a.n, nr, 4, TailStrategy::GuardWithIf)
        .gpu_tile(a.n, no, ni, 16, TailStrategy::GuardWithIf);
    // @layer memory
    a.dot.compute_at(a.y, ni).store_in(MemoryType::Register);
    // @layer vector
    a.y.unroll(nr);
    a.dot.unroll(a.n);
    a.dot.update().reorder(a.n, a.k).unroll(a.n);
    // @end
    return a.kernel();
}
