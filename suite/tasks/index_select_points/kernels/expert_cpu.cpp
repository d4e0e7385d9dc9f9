// Expert cpu schedule for `index_select_points`: the indices are loaded as vectors and the
// channel rows gathered with vector gathers (one row of N points per channel is at most 16 KB
// here, so the gathers hit L1/L2); the clamp is one vector min/max per index vector. Channels in
// parallel chunks when there is enough work, guarded vectors so a few indices are legal.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    Var co{"co"}, ci{"ci"};
    Expr C = a.features.dim(1).extent(), M = a.idx.dim(0).extent();
    // @layer compute
    // one stage.
    // @layer loops
    Stage big = a.output.specialize(C * M >= 16384);
    big.split(a.c, co, ci, max(1, (C + 7) / 8), TailStrategy::GuardWithIf).parallel(co);
    // @layer vector
    big.vectorize(a.m, vec, TailStrategy::GuardWithIf);
    a.output.vectorize(a.m, vec, TailStrategy::GuardWithIf);
    // @end
    return a.kernel();
}
