// Expert cpu schedule for `haar_dwt`: blocks of 2048 input samples of one channel (blocks of
// all channels in parallel for large calls). For a2 the level-1 approximation of a block is
// computed once into an L1 buffer (never written to memory); d2 recomputes its 4-sample
// butterflies inline and d1 is one elementwise pass; everything is vectorized, the even/odd
// samples deinterleaved by shuffles of contiguous loads. Tails use GuardWithIf (L = 4 works).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    Var io{"io"}, ii{"ii"}, iv{"iv"}, t{"t"};
    // @layer loops
    // Vectors first (a guarded last vector), then blocks of vectors: a tail costs one
    // predicated vector, not a block of all-false ones.
    // a2 drives the loop nest: blocks of 512 level-2 outputs (2048 input samples).
    a.a2.split(a.i, iv, ii, vec, TailStrategy::GuardWithIf)
        .split(iv, io, iv, 512 / (vec), TailStrategy::GuardWithIf)
        .fuse(io, a.c, t);
    a.d2.split(a.i, iv, ii, vec, TailStrategy::GuardWithIf)
        .split(iv, io, iv, 512 / (vec), TailStrategy::GuardWithIf)
        .fuse(io, a.c, t);
    a.d1.split(a.i, iv, ii, vec, TailStrategy::GuardWithIf)
        .split(iv, io, iv, 1024 / (vec), TailStrategy::GuardWithIf)
        .fuse(io, a.c, t);
    // @layer memory
    a.a1.in(a.a2).compute_at(a.a2, t);  // a2's copy of a1; d2 inlines it
    // @layer vector
    a.a1.in(a.a2).vectorize(a.i, vec, TailStrategy::GuardWithIf);
    for (Func f : {a.a2, a.d2, a.d1}) f.vectorize(ii);
    // Parallel only for large calls: below the threshold the thread pool's wake-up costs
    // more than the work, so small calls (a single frame or a few samples) run serially.
    a.a2.specialize(a.x.dim(0).extent() * a.x.dim(1).extent() >= 65536).parallel(t);
    a.d2.specialize(a.x.dim(0).extent() * a.x.dim(1).extent() >= 65536).parallel(t);
    a.d1.specialize(a.x.dim(0).extent() * a.x.dim(1).extent() >= 65536).parallel(t);
    // @end
    return a.kernel();
}
