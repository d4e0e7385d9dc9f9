// Expert cpu schedule for `haar_dwt`: one pass over the input per block. The three outputs
// are computed together in blocks of 2048 input samples of one channel (blocks of all
// channels in parallel): the level-1 approximation of a block is kept in L1 (never written
// to memory) and feeds the level-2 pair; everything is vectorized, the even/odd samples
// deinterleaved by shuffles of contiguous loads. Tails use GuardWithIf (L = 4 works).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    Var io{"io"}, ii{"ii"}, t{"t"};
    // @layer loops
    // a2 drives the loop nest: blocks of 512 level-2 outputs (2048 input samples).
    a.a2.split(a.i, io, ii, 512, TailStrategy::GuardWithIf).fuse(io, a.c, t).parallel(t);
    a.d2.split(a.i, io, ii, 512, TailStrategy::GuardWithIf).fuse(io, a.c, t).parallel(t);
    a.d1.split(a.i, io, ii, 1024, TailStrategy::GuardWithIf).fuse(io, a.c, t).parallel(t);
    a.d2.compute_with(a.a2, t);
    // @layer memory
    a.a1.compute_at(a.a2, t);
    // @layer vector
    a.a1.vectorize(a.i, vec, TailStrategy::GuardWithIf);
    for (Func f : {a.a2, a.d2, a.d1}) f.vectorize(ii, vec, TailStrategy::GuardWithIf);
    // @end
    return a.kernel();
}
