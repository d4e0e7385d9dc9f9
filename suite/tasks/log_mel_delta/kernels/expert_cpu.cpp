// Expert cpu schedule for `log_mel_delta`: the filter-bank projection is a GEMM (frames x mel
// bins, reduced over the frequency bins). logmel is computed in parallel strips of 8 frames;
// each tile of 1 vector of mel bins x 8 frames keeps its 8 accumulators in registers across
// the whole frequency loop (one filter-bank vector load, a row of mel_fb being contiguous in
// m, and 8 broadcast FMAs per bin), and log(x + eps) is fused into the store, vectorized
// over the mel bins. The tile keeps a constant size (bound_storage) so its accumulators stay
// in registers. delta then reads the finished logmel output (clamped inlined: the edge clamp
// is a clamped row index, hoisted out of the row loop) in vectors of mel bins, rows in
// parallel.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    const int frames = 8;
    Var mo{"mo"}, mi{"mi"}, to{"to"}, ti{"ti"};
    // @layer compute
    // mel is computed per tile of logmel (below), never materialized whole; clamped is inlined
    // into delta.
    // @layer loops
    a.logmel.tile(a.m, a.t, mo, to, mi, ti, vec, frames, TailStrategy::GuardWithIf)
        .reorder(mi, ti, mo, to)
        .parallel(to);
    a.delta.split(a.t, to, ti, frames, TailStrategy::GuardWithIf).parallel(to);
    // @layer memory
    a.mel.compute_at(a.logmel, mo).bound_storage(a.m, vec).bound_storage(a.t, frames);
    // @layer vector
    a.logmel.vectorize(mi).unroll(ti);
    a.mel.vectorize(a.m, vec, TailStrategy::GuardWithIf).unroll(a.t);
    a.mel.update()
        .reorder(a.m, a.t, a.f)
        .vectorize(a.m, vec, TailStrategy::GuardWithIf)
        .unroll(a.t);
    a.delta.vectorize(a.m, vec, TailStrategy::GuardWithIf);
    // @end
    return a.kernel();
}
