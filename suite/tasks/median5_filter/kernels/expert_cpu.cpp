// Expert cpu schedule for `median5_filter`: an algorithm rewrite that shares work between
// neighbouring outputs. The pairwise min and max of consecutive samples (lo2[i] = min(x[i],
// x[i+1]), hi2[i] = max(x[i], x[i+1])) are computed once per sample and reused by the two
// outputs whose first and last pairs they are:
//   y[i] = median3(max(lo2[i], lo2[i+2]), min(hi2[i], hi2[i+2]), x[i+4])
// (the same network as the reference: f and g are the middle two of x[i .. i+3]), 7 min/max
// per output instead of 9. Blocks of 2048 outputs of one channel run in parallel, the pair
// buffer of a block stays in L1, everything is vectorized with contiguous loads; tails use
// GuardWithIf (a single output works).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    Var io{"io"}, ii{"ii"}, iv{"iv"}, t{"t"};
    // @layer compute
    Func pairs{"pairs"}, y{"y_v"};
    pairs(a.i, a.c) = {min(a.x(a.i, a.c), a.x(a.i + 1, a.c)), max(a.x(a.i, a.c), a.x(a.i + 1, a.c))};
    Expr f = max(pairs(a.i, a.c)[0], pairs(a.i + 2, a.c)[0]);
    Expr g = min(pairs(a.i, a.c)[1], pairs(a.i + 2, a.c)[1]);
    y(a.i, a.c) = task::median3(f, g, a.x(a.i + 4, a.c));
    // @layer loops
    // Vectors first (a guarded last vector), then blocks of vectors: a tail costs one
    // predicated vector, not a block of all-false ones.
    y.split(a.i, iv, ii, vec, TailStrategy::GuardWithIf)
        .split(iv, io, iv, 2048 / (vec), TailStrategy::GuardWithIf)
        .fuse(io, a.c, t);
    // @layer memory
    pairs.compute_at(y, t);
    // @layer vector
    pairs.vectorize(a.i, vec, TailStrategy::GuardWithIf);
    y.vectorize(ii);
    // Parallel only for large calls: below the threshold the thread pool's wake-up costs
    // more than the work, so small calls (a single frame or a few samples) run serially.
    y.specialize(a.x.dim(0).extent() * a.x.dim(1).extent() >= 65536).parallel(t);
    // @end
    return {{a.x}, {y}};
}
