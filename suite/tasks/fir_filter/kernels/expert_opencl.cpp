// Expert opencl schedule for `fir_filter`: one kernel; work-groups of 64 work-items along the
// samples of one channel, each work-item accumulating 4 neighbouring outputs in registers
// across the tap loop (one tap load feeds 4 multiply-adds).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var no{"no"}, ni{"ni"}, co{"co"}, ci{"ci"}, nv{"nv"};
    // @layer compute
    // fir lives in registers of each work-item (below).
    // @layer loops
    a.y.split(a.n, a.n, nv, 4, TailStrategy::GuardWithIf)
        .gpu_tile(a.n, a.c, no, co, ni, ci, 64, 1, TailStrategy::GuardWithIf);
    // @layer memory
    a.fir.compute_at(a.y, ni).store_in(MemoryType::Register);
    // @layer vector
    a.y.unroll(nv);
    a.fir.unroll(a.n);
    a.fir.update().reorder(a.n, a.k, a.c).unroll(a.n);
    // @end
    return a.kernel();
}
