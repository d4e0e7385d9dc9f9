// Expert cuda schedule for `convtasnet_tcn_block`: every stage on the device.
//   h1, out, skip: each thread computes one frame of 4 output channels, the 4 sums in
//       registers across the input channels (one activation load feeds 4 FMAs), threads
//       adjacent along frames so activation loads and stores coalesce and the weights are
//       warp-uniform broadcasts; bias, PReLU and residual fused;
//   the gLN statistics: one thread per channel summing over time, then one thread over
//       the channels;
//   h2: one thread per output, the normalized g1 recomputed per tap (zero padding a
//       select), 3 taps in registers, bias and PReLU fused; g2 normalized once.
// All tails GuardWithIf, so any shape works.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var xo{"xo"}, yo{"yo"}, zo{"zo"}, xi{"xi"}, yi{"yi"}, zi{"zi"}, cv{"cv"};
    // @layer compute
    for (Func f : {a.h1, a.h2, a.g2}) f.compute_root();
    for (task::GlobalStats *s : {&a.st1, &a.st2}) {
        for (Func f : {s->csum, s->mean, s->csq, s->rstd}) f.compute_root();
    }
    // @layer loops
    for (auto [f, dot, r] : {std::tuple{a.h1, a.c1, a.rb}, std::tuple{a.out, a.res, a.rh}, std::tuple{a.skip, a.skp, a.rh}}) {
        f.split(a.c, a.c, cv, 4, TailStrategy::GuardWithIf)
            .reorder(cv, a.t, a.c, a.n)
            .gpu_tile(a.t, a.c, xo, yo, xi, yi, 32, 4, TailStrategy::GuardWithIf)
            .unroll(cv);
        dot.compute_at(f, xi).store_in(MemoryType::Register).unroll(a.c);
        dot.update().reorder(a.c, a.t, r.x).unroll(a.c);
    }
    for (Func f : {a.h2, a.g2}) f.gpu_tile(a.t, a.c, xo, yo, xi, yi, 32, 4, TailStrategy::GuardWithIf);
    for (task::GlobalStats *s : {&a.st1, &a.st2}) {
        for (Func f : {s->csum, s->csq}) {
            f.gpu_tile(a.c, xo, xi, 32, TailStrategy::GuardWithIf);
            f.update().gpu_tile(a.c, xo, xi, 32, TailStrategy::GuardWithIf);
        }
        for (Func f : {s->mean, s->rstd}) {
            f.gpu_tile(a.n, xo, xi, 1, TailStrategy::GuardWithIf);
            for (int k = 0; k < f.num_update_definitions(); k++) {
                f.update(k).gpu_tile(a.n, xo, xi, 1, TailStrategy::GuardWithIf);
            }
        }
    }
    // @layer memory
    a.dw.compute_at(a.h2, xi).store_in(MemoryType::Register);
    // @layer vector
    a.dw.update().unroll(a.rk);
    // @end
    return a.kernel();
}
