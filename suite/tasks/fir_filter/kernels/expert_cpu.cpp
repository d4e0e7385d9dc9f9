// Expert cpu schedule for `fir_filter`: the output is cut into blocks of 8 vectors (128
// samples) of one channel, all blocks of all channels in parallel; each block keeps its 8
// vector accumulators in registers across the whole tap loop (per tap: one broadcast tap
// folded into the multiply-add, 8 unaligned loads of x, 8 independent multiply-adds, enough
// to hide the multiply-add latency). The last block of a channel is shifted back inside the
// row (ShiftInwards: a few samples recomputed), so every block has the same constant size and
// the accumulators never need masked loads, stores or per-vector bounds checks; only an
// output narrower than one block takes a guarded fallback.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    const int vecs = 8, block = vecs * vec;
    Var no{"no"}, ni{"ni"}, t{"t"}, fo{"fo"}, fi{"fi"};
    Expr wide = a.y.output_buffer().dim(0).extent() >= block;
    // @layer compute
    // fir is computed per block of y (memory, below), never materialized whole.
    // @layer loops
    a.y.specialize(wide)
        .split(a.n, no, ni, block, TailStrategy::ShiftInwards)
        .reorder(ni, no, a.c)
        .fuse(no, a.c, t).parallel(t)
        .vectorize(ni, vec);
    a.y.split(a.n, no, ni, block, TailStrategy::GuardWithIf)
        .reorder(ni, no, a.c)
        .fuse(no, a.c, t).parallel(t)
        .vectorize(ni, vec, TailStrategy::GuardWithIf);
    // @layer memory
    a.fir.compute_at(a.y, t);
    // @layer vector
    a.fir.vectorize(a.n, vec, TailStrategy::GuardWithIf);
    a.fir.update()
        .split(a.n, fo, fi, vec, TailStrategy::GuardWithIf)
        .reorder(fi, fo, a.k, a.c)
        .vectorize(fi).unroll(fo, vecs, TailStrategy::GuardWithIf);
    // @end
    return a.kernel();
}
