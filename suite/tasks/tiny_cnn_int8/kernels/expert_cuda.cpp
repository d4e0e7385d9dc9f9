// Expert cuda schedule for `tiny_cnn_int8`: three kernels.
//   pool: blocks of 16x8 pooled pixels of one channel, threads adjacent along the row; each
//     thread accumulates the 2x2 conv outputs under its pooled pixel in int32 registers
//     across all taps (unrolled) and input channels, weights warp-uniform broadcasts, then
//     requantizes with the ReLU and takes the max in registers: the conv activations never
//     reach memory (the zero-point padding is a select on the load);
//   part: the fc reduction split per channel (rfactor): one thread per (channel, class) sums
//     its slice of the flattened pool output, so the head uses C x N threads;
//   logits: one thread per class sums the C partials, adds the bias and requantizes.
// Tails use GuardWithIf.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var xo{"xo"}, yo{"yo"}, zo{"zo"}, xi{"xi"}, yi{"yi"}, zi{"zi"}, u{"u"};
    // @layer compute
    // padded and act are inlined; conv_acc lives in registers of each pool thread; the fc
    // reduction is split per channel (rfactor) and the partials summed per class (below).
    a.pool.compute_root();
    Func part = a.fc_acc.update().rfactor(a.rf.z, u);
    part.compute_root();
    // @layer loops
    a.pool.gpu_tile(a.x, a.y, a.c, xo, yo, zo, xi, yi, zi, 16, 8, 1, TailStrategy::GuardWithIf);
    part.gpu_tile(u, a.k, xo, yo, xi, yi, 16, 4, TailStrategy::GuardWithIf);
    part.update().gpu_tile(u, a.k, xo, yo, xi, yi, 16, 4, TailStrategy::GuardWithIf);
    a.logits.gpu_tile(a.k, a.n, xo, yo, xi, yi, 16, 1, TailStrategy::GuardWithIf);
    // @layer memory
    a.conv_acc.compute_at(a.pool, xi).store_in(MemoryType::Register);
    a.fc_acc.compute_at(a.logits, xi).store_in(MemoryType::Register);
    // @layer vector
    a.conv_acc.unroll(a.x).unroll(a.y);
    a.conv_acc.update()
        .reorder(a.x, a.y, a.rc.x, a.rc.y, a.rc.z, a.c, a.n)
        .unroll(a.x)
        .unroll(a.y)
        .unroll(a.rc.x)
        .unroll(a.rc.y);
    // @end
    return a.kernel();
}
