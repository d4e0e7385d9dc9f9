// Expert cuda schedule for `fir_filter`: one kernel; blocks of 128 threads along the samples
// of one channel, each thread accumulating 4 neighbouring outputs in registers across the tap
// loop. The threads of a warp read one contiguous span of x per tap, and all threads of a
// block read the same tap (a broadcast).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var no{"no"}, ni{"ni"}, co{"co"}, ci{"ci"}, nv{"nv"};
    // @layer compute
    // fir lives in registers of each thread (below).
    // @layer loops
    a.y.split(a.n, a.n, nv, 4, TailStrategy::GuardWithIf)
        .reorder(nv, a.n, a.c)
        .gpu_tile(a.n, a.c, no, co, ni, ci, 128, 1, TailStrategy::GuardWithIf);
    // @layer memory
    a.fir.compute_at(a.y, ni).store_in(MemoryType::Register);
    // @layer vector
    a.y.unroll(nv);
    a.fir.unroll(a.n);
    a.fir.update().reorder(a.n, a.k, a.c).unroll(a.n);
    // @end
    return a.kernel();
}
