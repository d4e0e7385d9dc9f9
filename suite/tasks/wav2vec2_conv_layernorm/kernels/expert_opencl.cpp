// Expert opencl schedule for `wav2vec2_conv_layernorm`: four kernels, every stage on the device.
//   h: each work-item computes one output frame of 4 channels, the 4 sums in registers across
//      the C x 3 taps (one input load feeds 4 FMAs; the weights are uniform across a work-group), threads
//      adjacent along time;
//   mean, rstd: one work-item per frame, its sums over the channels in registers (each step a
//      coalesced row read across the work-group);
//   y: normalize + affine + GELU, coalesced along time.
// All tails GuardWithIf, so any shape works.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const TailStrategy guard = TailStrategy::GuardWithIf;
    Var xo{"xo"}, yo{"yo"}, zo{"zo"}, xi{"xi"}, yi{"yi"}, zi{"zi"}, cv{"cv"};
    // @layer compute
    for (Func f : {a.h, a.mean, a.rstd}) f.compute_root();
    // @layer loops
    a.h.split(a.c, a.c, cv, 4, guard).reorder(cv, a.t, a.c).gpu_tile(a.t, a.c, xo, yo, xi, yi, 32, 4, guard).unroll(cv);
    for (Func f : {a.mean, a.rstd}) f.gpu_tile(a.t, xo, xi, 32, guard);
    a.y.gpu_tile(a.t, a.c, a.n, xo, yo, zo, xi, yi, zi, 32, 8, 1, guard);
    // @layer memory
    a.conv.compute_at(a.h, xi).store_in(MemoryType::Register);
    a.sum.compute_at(a.mean, xi).store_in(MemoryType::Register);
    a.sum_sq.compute_at(a.rstd, xi).store_in(MemoryType::Register);
    // @layer vector
    a.conv.unroll(a.c);
    a.conv.update().reorder(a.c, a.t, a.r.x, a.r.y).unroll(a.c).unroll(a.r.x);
    // @end
    return a.kernel();
}
