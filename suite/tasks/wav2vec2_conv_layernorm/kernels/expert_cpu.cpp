// Expert cpu schedule for `wav2vec2_conv_layernorm`: two passes.
//   1. the conv + bias in register tiles of 2 vectors of output frames x 4 output channels
//      (8 accumulators across all C x 3 taps: one stride-2 input vector feeds 4 FMAs
//      against broadcast weights), channel blocks in parallel so each block's weights stay
//      in L1 while the input streams from L2;
//   2. per block of 1 vector of frames in parallel: the LayerNorm statistics over the
//      channels, vectorized over the frames (time is innermost, so each channel's row is a
//      dense load), then normalize + affine + GELU fused into the store.
// All splits are guarded (GuardWithIf), so any C and T (down to 1) work.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    const int chans = 4;  // output channels per register tile
    const TailStrategy guard = TailStrategy::GuardWithIf;
    Var to{"to"}, ti{"ti"}, co{"co"}, ci{"ci"};
    // @layer compute
    a.h.compute_root();
    // @layer loops
    a.h.split(a.t, to, ti, 2 * vec, guard)
        .split(a.c, co, ci, chans, guard)
        .reorder(ti, ci, to, co)
        .parallel(co)
        .vectorize(ti, vec, guard)
        .unroll(ti)
        .unroll(ci);
    a.y.split(a.t, to, ti, vec, guard).reorder(ti, a.c, to, a.n).parallel(to);
    // @layer memory
    a.conv.compute_at(a.h, to).bound_storage(a.t, 2 * vec).bound_storage(a.c, chans);
    for (Func f : {a.sum, a.mean, a.sum_sq, a.rstd}) f.compute_at(a.y, to);
    // @layer vector
    a.conv.vectorize(a.t, vec, guard).unroll(a.t).unroll(a.c);
    a.conv.update().reorder(a.t, a.c, a.r.x, a.r.y).vectorize(a.t, vec, guard).unroll(a.t).unroll(a.c).unroll(a.r.x);
    for (Func f : {a.sum, a.sum_sq}) {
        f.vectorize(a.t, vec, guard);
        f.update().reorder(a.t, a.rc).vectorize(a.t, vec, guard);
    }
    a.mean.vectorize(a.t, vec, guard);
    a.rstd.vectorize(a.t, vec, guard);
    a.y.vectorize(ti);
    // @end
    return a.kernel();
}
