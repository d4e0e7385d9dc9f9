// Expert cpu schedule for `global_avgpool_fp16`: parallel over blocks of 4 vectors of channels.
// A channel's plane is short (9 to 64 pixels), so the sums run across channels instead:
// each lane of a vector accumulates one channel (its loads are gathers at the plane stride),
// four vectors of independent accumulators per block hide the add latency.
// float16 variant of `global_avgpool` with its schedule: float16 loads widen to float (x86 F16C vcvtph2ps, Arm\n// fcvtl), the output narrows once (vcvtps2ph), and half the bytes of the float32 task move.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    Var co{"co"}, ci{"ci"}, t{"t"};
    // @layer compute
    // total is computed per block of channels (memory, below).
    // @layer loops
    a.output.split(a.c, co, ci, 4 * vec, TailStrategy::GuardWithIf)
        .reorder(ci, a.x, a.y, co, a.n)
        .fuse(co, a.n, t).parallel(t);
    // @layer memory
    a.total.compute_at(a.output, t);
    // @layer vector
    a.output.vectorize(ci, vec).unroll(ci);
    a.total.vectorize(a.c, vec, TailStrategy::GuardWithIf).unroll(a.c);
    a.total.update()
        .reorder(a.c, a.r.x, a.r.y, a.n)
        .vectorize(a.c, vec, TailStrategy::GuardWithIf).unroll(a.c);
    // @end
    return a.kernel();
}
