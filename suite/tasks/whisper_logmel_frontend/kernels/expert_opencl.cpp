// Expert opencl schedule for `whisper_logmel_frontend`: eight kernels, every stage on the device.
//   frame: the windowed frames (reflect and zero padding resolved per sample);
//   cos_tab, sin_tab: the 400 twiddles;
//   power: each work-item computes one bin of 4 frames, the 4 real and 4 imaginary sums in
//          registers across the 400 samples (one twiddle pair feeds 8 FMAs); stored with
//          frames innermost;
//   logm: each work-item filters one frame into 4 mel bins, 4 sums in registers across the
//         201 bins, work-items adjacent along frames so power loads coalesce, log10 fused;
//   gmax: the max per mel bin (rfactor), one work-item each, then one work-item over the bins;
//   y: the clamp and affine, coalesced along frames.
// All tails GuardWithIf, so any shape works.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var xo{"xo"}, yo{"yo"}, zo{"zo"}, xi{"xi"}, yi{"yi"}, zi{"zi"}, tv{"tv"}, mv{"mv"}, mr{"mr"};
    // @layer compute
    Func part = a.gmax.update().rfactor(a.ra.y, mr);
    for (Func f : {a.frame, a.cos_tab, a.sin_tab, a.power, a.logm, part, a.gmax}) f.compute_root();
    // @layer loops
    a.frame.gpu_tile(a.n, a.t, xo, yo, xi, yi, 64, 4, TailStrategy::GuardWithIf);
    for (Func f : {a.cos_tab, a.sin_tab}) f.gpu_tile(a.j, xo, xi, 64, TailStrategy::GuardWithIf);
    a.power.split(a.t, a.t, tv, 4, TailStrategy::GuardWithIf)
        .reorder(tv, a.k, a.t)
        .gpu_tile(a.k, a.t, xo, yo, xi, yi, 32, 4, TailStrategy::GuardWithIf);
    a.logm.split(a.m, a.m, mv, 4, TailStrategy::GuardWithIf)
        .reorder(mv, a.t, a.m)
        .gpu_tile(a.t, a.m, xo, yo, xi, yi, 32, 4, TailStrategy::GuardWithIf);
    part.gpu_tile(mr, xo, xi, 32, TailStrategy::GuardWithIf);
    part.update().gpu_tile(mr, xo, xi, 32, TailStrategy::GuardWithIf);
    a.gmax.gpu_tile(a.b, xo, xi, 1, TailStrategy::GuardWithIf);
    a.gmax.update().gpu_tile(a.b, xo, xi, 1, TailStrategy::GuardWithIf);
    a.y.gpu_tile(a.t, a.m, a.b, xo, yo, zo, xi, yi, zi, 64, 4, 1, TailStrategy::GuardWithIf);
    // @layer memory
    a.power.reorder_storage(a.t, a.k);  // frames innermost: the filter bank reads coalesced
    a.re.compute_at(a.power, xi).store_in(MemoryType::Register);
    a.im.compute_at(a.power, xi).store_in(MemoryType::Register);
    a.mel.compute_at(a.logm, xi).store_in(MemoryType::Register);
    // @layer vector
    a.power.unroll(tv);
    a.logm.unroll(mv);
    for (Func f : {a.re, a.im}) {
        f.unroll(a.t);
        f.update().reorder(a.t, a.k, a.rn).unroll(a.t);
    }
    a.mel.unroll(a.m);
    a.mel.update().reorder(a.m, a.t, a.rk).unroll(a.m);
    // @end
    return a.kernel();
}
