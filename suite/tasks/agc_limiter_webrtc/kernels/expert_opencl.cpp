// Expert opencl schedule for `agc_limiter_webrtc`, every stage on the device:
//   env:   one thread per sub-frame, the peak over its samples (the fixed gain folded in);
//   level: the attack/decay scan over the sub-frames, sequential, in one GPU thread;
//   g:     one thread per sub-frame (the limiter gain curve);
//   out:   one thread per sample: the interpolated gain, the multiply and the clamp.
// 16x8 work-items per work-group for the output; all tails GuardWithIf.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const TailStrategy t = TailStrategy::GuardWithIf;
    Var o0{"o0"}, o1{"o1"}, i0{"i0"}, i1{"i1"};
    // @layer compute
    a.env.compute_root();
    a.level.compute_root();
    // @layer loops
    a.env.gpu_tile(a.s, o0, i0, 64, t);
    a.env.update().gpu_tile(a.s, o0, i0, 64, t);
    a.level.gpu_tile(a.s, o0, i0, 64, t);
    a.level.update().gpu_single_thread();
    a.g.gpu_tile(a.s, o0, i0, 64, t);
    a.out.gpu_tile(a.j, a.s, o0, o1, i0, i1, 16, 8, t);
    // @end
    return a.kernel();
}
