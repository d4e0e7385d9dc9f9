// Expert opencl schedule for `autocorrelation_lags`: one kernel (the naive one has four).
// Work-groups of 16 lags x 8 frames, one work-item per (lag, frame): its sum is accumulated
// in a private register across the N samples (no round trip of the partial sums through
// global memory), the lag window applied at the end. The 16 work-items of a frame read the
// same x[f, n] (a broadcast) and neighbouring samples x[f, n + l] (coalesced); the
// zero-extension past the frame is a select on the index. Work-group tails use GuardWithIf.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var lo{"lo"}, fo{"fo"}, li{"li"}, fi{"fi"};
    // @layer compute
    // xz is inlined; acc lives in each work-item's registers (below).
    // @layer loops
    a.R.gpu_tile(a.l, a.f, lo, fo, li, fi, 16, 8, TailStrategy::GuardWithIf);
    // @layer memory
    a.acc.compute_at(a.R, li).store_in(MemoryType::Register);
    // @end
    return a.kernel();
}
