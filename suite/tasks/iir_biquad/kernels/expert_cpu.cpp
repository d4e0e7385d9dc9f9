// Expert cpu schedule for `iir_biquad`: the recurrence is serial in time, so it is vectorized
// across channels, in blocks of 8 channels (an AVX2 vector; a wider block would leave fewer
// blocks to run in parallel), all blocks in parallel. Per block, x is transposed once into a
// channel-innermost buffer (one 8-lane gather per time step, zeros outside [0, L)), the
// recurrence walks time on 8-lane vectors with the feed-forward part inlined, and the output
// transposes back. An algorithm rewrite: the channel index is clamped, so the last block is
// computed whole (its extra channels are never stored), no predicated tails and constant
// strides in the block buffers.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    using A = task::Algorithm;
    task::Algorithm a;
    const int chans = 8;
    Var co{"co"}, ci{"ci"};
    // @layer compute
    Func xt("xt"), rec("rec"), y("y");
    Expr L = a.x.dim(0).extent(), C = a.x.dim(1).extent();
    Expr cc = clamp(a.c, 0, C - 1);
    xt(a.n, a.c) = select(a.n >= 0 && a.n < L, a.x(clamp(a.n, 0, L - 1), cc), 0.0f);
    rec(a.n, a.c) = A::b0 * xt(a.n, a.c) + A::b1 * xt(a.n - 1, a.c) + A::b2 * xt(a.n - 2, a.c);
    rec(a.r, a.c) = rec(a.r, a.c) - A::a1 * rec(a.r - 1, a.c) - A::a2 * rec(a.r - 2, a.c);
    y(a.n, a.c) = rec(a.n, a.c);
    // @layer loops
    y.split(a.c, co, ci, chans, TailStrategy::GuardWithIf).reorder(a.n, ci, co).parallel(co);
    xt.reorder(a.c, a.n);
    rec.reorder(a.c, a.n);
    rec.update().reorder(a.c, a.r);
    // @layer memory
    xt.compute_at(y, co).reorder_storage(a.c, a.n).bound_extent(a.c, chans);
    rec.compute_at(y, co).reorder_storage(a.c, a.n).bound_extent(a.c, chans);
    // @layer vector
    xt.vectorize(a.c);
    rec.vectorize(a.c);
    rec.update().vectorize(a.c);
    y.vectorize(a.n, chans, TailStrategy::GuardWithIf);
    // @end
    return {{a.x}, {y}};
}
