// Expert cpu schedule for `savgol_smooth`: an algorithm rewrite using the symmetry of the
// weights (h[-j] = h[j]): y = h0 x[i] + sum over j = 1..5 of h[j] (x[i - j] + x[i + j]), 6
// multiplies instead of 11. Blocks of 2048 samples of one channel run in parallel; the edge-
// extended input of a block (2048 + 10 samples, clamped indices computed once per sample)
// stays in L1 and the 11 taps are contiguous vector loads from it; tails use GuardWithIf
// (down to a single sample).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    Var io{"io"}, ii{"ii"}, iv{"iv"}, t{"t"};
    // @layer compute
    Func y{"y_v"};
    Expr s = task::savgol_weight(0) * a.edge(a.i, a.c);
    for (int j = 1; j <= task::kHalf; j++) s += task::savgol_weight(j) * (a.edge(a.i - j, a.c) + a.edge(a.i + j, a.c));
    y(a.i, a.c) = s;
    // @layer loops
    // Vectors first (a guarded last vector), then blocks of vectors: a tail costs one
    // predicated vector, not a block of all-false ones.
    y.split(a.i, iv, ii, vec, TailStrategy::GuardWithIf)
        .split(iv, io, iv, 2048 / (vec), TailStrategy::GuardWithIf)
        .fuse(io, a.c, t);
    // @layer memory
    a.edge.compute_at(y, t);
    // @layer vector
    a.edge.vectorize(a.i, vec, TailStrategy::GuardWithIf);
    y.vectorize(ii);
    // Parallel only for large calls: below the threshold the thread pool's wake-up costs
    // more than the work, so small calls (a single frame or a few samples) run serially.
    y.specialize(a.x.dim(0).extent() * a.x.dim(1).extent() >= 65536).parallel(t);
    // @end
    return {{a.x}, {y}};
}
