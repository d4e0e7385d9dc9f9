// Expert opencl schedule for `wav2vec2_conv0_groupnorm`: five kernels, every stage on the device.
//   col: the strided frames gathered once into [10, T], time innermost;
//   hv: each work-item computes one frame of 4 channels, 10 taps unrolled in registers (one
//       col load feeds 4 FMAs), work-items adjacent along time so loads and stores coalesce;
//   mean, rstd: one work-item per channel, its sums over time in a register;
//   y: normalize + affine + GELU, one work-item per output, coalesced along time.
// All tails GuardWithIf, so any shape works.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var xo{"xo"}, yo{"yo"}, zo{"zo"}, xi{"xi"}, yi{"yi"}, zi{"zi"}, cv{"cv"};
    Func hv = a.h.in();  // the conv, stored; h is its register tile
    // @layer compute
    for (Func f : {a.col, hv, a.mean, a.rstd}) f.compute_root();
    // @layer loops
    a.col.gpu_tile(a.t, a.k, xo, yo, xi, yi, 64, 2, TailStrategy::GuardWithIf);
    {
        Var ht = hv.args()[0], hc = hv.args()[1];
        hv.split(hc, hc, cv, 4, TailStrategy::GuardWithIf)
            .reorder(cv, ht, hc)
            .gpu_tile(ht, hc, xo, yo, xi, yi, 64, 2, TailStrategy::GuardWithIf)
            .unroll(cv);
        a.h.compute_at(hv, xi).store_in(MemoryType::Register);
    }
    for (Func f : {a.mean, a.rstd}) f.gpu_tile(a.c, xo, xi, 32, TailStrategy::GuardWithIf);
    a.y.gpu_tile(a.t, a.c, a.n, xo, yo, zo, xi, yi, zi, 64, 4, 1, TailStrategy::GuardWithIf);
    // @layer memory
    a.sum.compute_at(a.mean, xi).store_in(MemoryType::Register);
    a.sum_sq.compute_at(a.rstd, xi).store_in(MemoryType::Register);
    // @layer vector
    a.h.unroll(a.c);
    a.h.update().reorder(a.c, a.rk, a.t).unroll(a.c).unroll(a.rk);
    // @end
    return a.kernel();
}
