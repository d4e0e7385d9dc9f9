// Expert cuda schedule for `convtasnet_separator`: every stage on the device.
//   1x1 convs (bottleneck, first convs, residual, skip; the mask conv one channel each): each thread computes one
//       frame of 4 output channels, the 4 sums in registers across the input channels (one
//       activation load feeds 4 FMAs), threads adjacent along frames so activation loads
//       and stores coalesce and the weights are warp-uniform broadcasts; bias, PReLU,
//       residual, skip accumulation and sigmoid fused;
//   gLN statistics: one thread per channel summing over time, then one thread over the
//       channels; the normalized tensors stored once (g0, g2) or recomputed per tap (g1);
//   depthwise convs: one thread per output, 3 taps in registers, bias and PReLU fused.
// The last block's residual output is dead and never computed. All tails GuardWithIf.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var xo{"xo"}, yo{"yo"}, zo{"zo"}, xi{"xi"}, yi{"yi"}, zi{"zi"}, cv{"cv"};
    auto conv = [&](Func f, Func dot, RDom r) {
        if (f.dimensions() == 4) {
            // The masks: one (time, channel) per thread, the sources the third block
            // dimension (4 channels of the mask conv, at j N + c, have no constant-size
            // register tile: Halide refuses it).
            f.compute_root().gpu_tile(a.t, a.c, a.j, xo, yo, zo, xi, yi, zi, 32, 4, 1, TailStrategy::GuardWithIf);
            dot.compute_at(f, xi).store_in(MemoryType::Register);
            dot.update().reorder(a.c, a.t, r.x);
            return;
        }
        f.compute_root().split(a.c, a.c, cv, 4, TailStrategy::GuardWithIf).reorder(cv, a.t, a.c);
        f.gpu_tile(a.t, a.c, xo, yo, xi, yi, 32, 4, TailStrategy::GuardWithIf);
        f.unroll(cv);
        dot.compute_at(f, xi).store_in(MemoryType::Register).unroll(a.c);
        dot.update().reorder(a.c, a.t, r.x).unroll(a.c);
    };
    auto stats = [&](task::GlobalStats &s) {
        for (Func f : {s.csum, s.csq}) {
            f.compute_root().gpu_tile(a.c, xo, xi, 32, TailStrategy::GuardWithIf);
            f.update().gpu_tile(a.c, xo, xi, 32, TailStrategy::GuardWithIf);
        }
        for (Func f : {s.mean, s.rstd}) {
            f.compute_root().gpu_tile(a.n, xo, xi, 1, TailStrategy::GuardWithIf);
            for (int k = 0; k < f.num_update_definitions(); k++) {
                f.update(k).gpu_tile(a.n, xo, xi, 1, TailStrategy::GuardWithIf);
            }
        }
    };
    auto elementwise = [&](Func f) {
        f.compute_root().gpu_tile(a.t, a.c, xo, yo, xi, yi, 32, 4, TailStrategy::GuardWithIf);
    };
    // @layer compute
    // @layer loops
    stats(a.st0[0]);
    elementwise(a.g0);
    conv(a.o0, a.bn, a.rn);
    for (size_t i = 0; i < a.blk.size(); i++) {
        task::Block &b = a.blk[i];
        conv(b.h1, b.c1, a.rb);
        stats(b.st[0]);
        elementwise(b.h2);
        b.dw.compute_at(b.h2, xi).store_in(MemoryType::Register);
        b.dw.update().unroll(a.rk);
        stats(b.st[1]);
        elementwise(b.g2);
        if (i + 1 < a.blk.size()) conv(b.o, b.res, a.rh);
        conv(b.s, b.skp, a.rh);
    }
    conv(a.masks, a.mk, a.rsk);
    // @layer memory
    // (the compute_at placements are set with each stage above)
    // @layer vector
    // @end
    return a.kernel();
}
