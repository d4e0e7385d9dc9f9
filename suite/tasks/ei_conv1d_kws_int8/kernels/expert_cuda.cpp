// Expert cuda schedule for `ei_conv1d_kws_int8`, one kernel per layer, every stage on the device:
//   a1: one thread per (frame, channel): the C x 3 taps of conv1 accumulated in a register
//       (the 'same' padding a select), requantized with the ReLU clamp;
//   a2: one thread per (frame, channel): max-pool of a1 and conv2's taps in a register,
//       requantized;
//   logits: one thread per class: max-pool of a2 and the dense dot product in a register,
//       requantized.
// 32-thread blocks along the frames, channels on the grid's y dimension; all tails GuardWithIf.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const TailStrategy g = TailStrategy::GuardWithIf;
    Var o0{"o0"}, o1{"o1"}, i0{"i0"}, i1{"i1"};
    // @layer compute
    a.a1.compute_root();
    a.a2.compute_root();
    // @layer loops
    a.a1.reorder(a.t, a.f).gpu_tile(a.t, a.f, o0, o1, i0, i1, 32, 1, g);
    a.a2.reorder(a.t, a.f).gpu_tile(a.t, a.f, o0, o1, i0, i1, 32, 1, g);
    a.logits.gpu_tile(a.k, a.n, o0, o1, i0, i1, 16, 1, g);
    // @layer memory
    a.acc1.compute_at(a.a1, i0);
    a.acc2.compute_at(a.a2, i0);
    a.acc3.compute_at(a.logits, i0);
    // @end
    return a.kernel();
}
