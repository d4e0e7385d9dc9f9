// Expert cpu schedule for `moving_average`: an algorithm rewrite into two levels. Per
// sample, the sum of 4 consecutive samples is computed once (p4[i] = x[i] + ... + x[i-3]),
// then each output adds 8 of those 4 apart: 3 + 7 adds instead of 31, all vector operations
// over consecutive samples with contiguous loads. The zero-padded input and p4 of one block of
// 1024 outputs (plus its 31 samples of history) stay in L1; blocks of all channels run in
// parallel; tails use GuardWithIf (down to a single sample).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    const int W = task::Algorithm::window;
    Var io{"io"}, ii{"ii"}, iv{"iv"}, t{"t"};
    // @layer compute
    Func p4{"p4"}, y{"y_v"};
    p4(a.i, a.c) = (a.xpad(a.i, a.c) + a.xpad(a.i - 1, a.c)) + (a.xpad(a.i - 2, a.c) + a.xpad(a.i - 3, a.c));
    Expr s = 0.0f;
    for (int q = 0; q < W / 4; q += 2) s += p4(a.i - 4 * q, a.c) + p4(a.i - 4 * q - 4, a.c);
    y(a.i, a.c) = s / float(W);
    // @layer loops
    // Vectors first (a guarded last vector), then blocks of vectors: a tail costs one
    // predicated vector, not a block of all-false ones.
    y.split(a.i, iv, ii, vec, TailStrategy::GuardWithIf)
        .split(iv, io, iv, 1024 / (vec), TailStrategy::GuardWithIf)
        .fuse(io, a.c, t);
    // @layer memory
    a.xpad.compute_at(y, t);
    p4.compute_at(y, t);
    // @layer vector
    a.xpad.vectorize(a.i, vec, TailStrategy::GuardWithIf);
    p4.vectorize(a.i, vec, TailStrategy::GuardWithIf);
    y.vectorize(ii);
    // Parallel only for large calls: below the threshold the thread pool's wake-up costs
    // more than the work, so small calls (a single frame or a few samples) run serially.
    y.specialize(a.x.dim(0).extent() * a.x.dim(1).extent() >= 65536).parallel(t);
    // @end
    return {{a.x}, {y}};
}
