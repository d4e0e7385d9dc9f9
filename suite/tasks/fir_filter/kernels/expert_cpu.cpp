// Expert cpu schedule for `fir_filter`: the output is cut into blocks of 4 vectors of one
// channel, all blocks of all channels in parallel; each block keeps its 4 vector accumulators
// in registers across the whole tap loop (one broadcast tap, 4 unaligned loads of x per tap).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    Var no{"no"}, ni{"ni"}, t{"t"};
    // @layer compute
    // fir is computed per block of y (memory, below), never materialized whole.
    // @layer loops
    a.y.split(a.n, no, ni, 4 * vec, TailStrategy::GuardWithIf)
        .reorder(ni, no, a.c)
        .fuse(no, a.c, t).parallel(t);
    // @layer memory
    a.fir.compute_at(a.y, t);
    // @layer vector
    a.y.vectorize(ni, vec, TailStrategy::GuardWithIf);
    a.fir.vectorize(a.n, vec, TailStrategy::GuardWithIf);
    a.fir.update()
        .split(a.n, no, ni, vec, TailStrategy::GuardWithIf)
        .reorder(ni, no, a.k, a.c)
        .vectorize(ni).unroll(no);
    // @end
    return a.kernel();
}
