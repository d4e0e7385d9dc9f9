// Expert opencl schedule for `dequant_matmul_int8w`: one kernel; work-groups of 16 threads
// along the output features, each thread accumulating 4 output rows in float registers
// across the whole k loop (one x load feeds 4 multiply-adds against 4 int8 weights converted
// in registers), with the per-channel scale and bias fused into the store. The naive
// schedule's three kernels (and their launches) become one.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var no{"no"}, mo{"mo"}, ni{"ni"}, mi{"mi"}, nr{"nr"};
    // @layer compute
    // dot lives in registers of each GPU thread (below).
    // @layer loops
    a.y.split(a.n, a.n, nr, 4, TailStrategy::GuardWithIf)
        .reorder(nr, a.n, a.m)
        .gpu_tile(a.n, a.m, no, mo, ni, mi, 16, 1, TailStrategy::GuardWithIf);
    // @layer memory
    a.dot.compute_at(a.y, ni).store_in(MemoryType::Register);
    // @layer vector
    a.y.unroll(nr);
    a.dot.unroll(a.n);
    a.dot.update().reorder(a.n, a.m, a.k).unroll(a.n);
    // @end
    return a.kernel();
}
