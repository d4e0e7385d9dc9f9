// Expert cpu schedule for `channel_shuffle`: one pass, grouped inlined, so each output row
// is a straight vector copy of one input row (the source channel is computed once per output
// channel, outside the row loops). The output channels are cut into about 8 parallel chunks
// (a run-time split, 4 per thread, so a busy core only delays a small share); pipelines under
// 32K elements run on the calling thread alone, where waking the thread pool costs more than
// the copy. Each row is one loop of 16-lane vectors whose last vector is shifted back inside
// the row (ShiftInwards: a few elements copied twice, never a masked tail); rows of 8 to 15
// elements (14x14, 17x13) use overlapping 8-lane vectors, and only rows under 8 (7x7) a
// guarded vector.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    const int half = vec / 2;
    Var co{"co"}, ci{"ci"};
    Expr W = a.input.dim(0).extent();
    Expr C = a.input.dim(2).extent();
    Expr elems = W * a.input.dim(1).extent() * C;
    Expr chans = max(1, (C + 7) / 8);  // output channels per parallel chunk
    // @layer compute
    // grouped is inlined into output.
    // @layer loops
    a.output.split(a.c, co, ci, chans, TailStrategy::GuardWithIf);
    Stage big = a.output.specialize(elems >= 32768);
    big.parallel(co);
    // @layer vector
    for (Stage s : {big, Stage(a.output)}) {
        s.specialize(W >= vec).vectorize(a.x, vec, TailStrategy::ShiftInwards);
        s.specialize(W >= half).vectorize(a.x, half, TailStrategy::ShiftInwards);
        s.vectorize(a.x, half, TailStrategy::GuardWithIf);
    }
    // @end
    return a.kernel();
}
