// Expert opencl schedule for `whisper_tiny_conv_stem`: four kernels, every stage on the
// device, the transpose folded into the second conv.
//   h:   one thread per (frame, channel), threads adjacent along frames: conv1 + GELU, the
//        sum in a register across the 3 taps (unrolled) and the mel bins;
//   h_padded: h with its zero pad, written once;
//   w2t: the conv2 weights transposed once, output channel innermost;
//   y:   one thread per (channel, token), threads adjacent along channels (coalesced weight
//        loads and output stores, the h value a broadcast): conv2 + GELU + the positional
//        embedding, the sum in a register.
// 16x4 work-items per work-group; all tails GuardWithIf.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var xo{"xo"}, yo{"yo"}, xi{"xi"}, yi{"yi"}, k{"k"}, m{"m"};
    // @layer compute
    Func w2t("w2t"), zc("zc"), y("y_fast");
    w2t(a.c, k, m) = a.w2(k, m, a.c);
    zc(a.c, a.t) = 0.0f;
    zc(a.c, a.t) += w2t(a.c, a.r2.x, a.r2.y) * a.h_padded(2 * a.t + a.r2.x - 1, a.r2.y);
    y(a.c, a.t) = task::gelu_erf(zc(a.c, a.t) + a.b2(a.c)) + a.pos(a.c, a.t);
    a.h.compute_root();
    a.h_padded.compute_root();  // the zero pad written once: conv2's loads need no bounds checks
    w2t.compute_root();
    // @layer loops
    a.h.gpu_tile(a.t, a.c, xo, yo, xi, yi, 16, 4, TailStrategy::GuardWithIf);
    a.h_padded.gpu_tile(a.t, a.c, xo, yo, xi, yi, 16, 4, TailStrategy::GuardWithIf);
    w2t.gpu_tile(a.c, m, xo, yo, xi, yi, 16, 4, TailStrategy::GuardWithIf);
    y.gpu_tile(a.c, a.t, xo, yo, xi, yi, 16, 4, TailStrategy::GuardWithIf);
    // @layer memory
    a.conv1.compute_at(a.h, xi).store_in(MemoryType::Register);
    zc.compute_at(y, xi).store_in(MemoryType::Register);
    // @layer vector
    a.conv1.update().unroll(a.r1.x);
    zc.update().unroll(a.r2.x);
    // @end
    return {{a.mel, a.w1, a.b1, a.w2, a.b2, a.pos}, {y}};
}
