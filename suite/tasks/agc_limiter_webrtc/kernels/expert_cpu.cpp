// Expert cpu schedule for `agc_limiter_webrtc`, as the AGC runs a block:
//   scan: one sequential pass over the sub-frames computes each sub-frame's peak (the fixed
//         gain folded in) just before its level update, so the block is read once here;
//   g:    the limiter gains, vectorized over the sub-frames;
//   out:  the per-sample interpolated gain, the multiply and the clamp, vectorized over the
//         samples of a sub-frame, in parallel over groups of sub-frames.
// Every split is GuardWithIf, so any size works, on any vector width.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    const TailStrategy guard = TailStrategy::GuardWithIf;
    Var so{"so"}, si{"si"};
    // @layer compute
    // y and gfull are inlined; env per sub-frame inside the scan.
    a.level.compute_root();
    // @layer loops
    a.out.split(a.s, so, si, 64, guard).parallel(so);
    // @layer memory
    a.env.compute_at(a.level, a.rs);
    // @layer vector
    a.g.vectorize(a.s, vec, guard);
    a.out.vectorize(a.j, vec, guard);
    // @end
    return a.kernel();
}
