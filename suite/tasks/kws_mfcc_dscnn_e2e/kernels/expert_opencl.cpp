// Expert opencl schedule for `kws_mfcc_dscnn_e2e`: every stage on the device.
//   frame, cos_tab, sin_tab: the windowed frames and the 512 twiddles;
//   mag: one work-item per bin of 4 frames, the 4 real and 4 imaginary sums in registers across
//        the 480 samples (one twiddle pair feeds 8 FMAs), the magnitude fused;
//   logmel: one work-item per mel bin of 4 frames, work-items adjacent along the mel bins so the
//           filter rows are read coalesced, 4 sums in registers, log fused;
//   mfcc: one work-item per coefficient and frame, the DCT sum in a register;
//   DS-CNN: activations stored channel-innermost, one work-item per (channel, column, row)
//           with work-items adjacent along the channels (coalesced activation reads), every conv's sum in a register, bias + ReLU fused; the pool one
//           thread per channel; the FC one work-item per class.
// All tails GuardWithIf, so any shape works.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    using A = task::Algorithm;
    const TailStrategy guard = TailStrategy::GuardWithIf;
    Var xo{"xo"}, yo{"yo"}, zo{"zo"}, xi{"xi"}, yi{"yi"}, zi{"zi"}, tv{"tv"};
    std::vector<Func> maps = {a.a0};  // the DS-CNN activations
    for (int i = 0; i < A::blocks; i++) {
        maps.push_back(a.d[i]);
        maps.push_back(a.act[i]);
    }
    // @layer compute
    for (Func f : {a.frame, a.cos_tab, a.sin_tab, a.mag, a.logmel, a.dct, a.mfcc, a.pool_sum}) f.compute_root();
    for (Func f : maps) f.compute_root().reorder_storage(a.c, a.col, a.row, a.b);
    // @layer loops
    a.frame.gpu_tile(a.n, a.t, xo, yo, xi, yi, 64, 4, guard);
    for (Func f : {a.cos_tab, a.sin_tab}) f.gpu_tile(a.j, xo, xi, 64, guard);
    a.mag.split(a.t, a.t, tv, 4, guard).reorder(tv, a.k, a.t).gpu_tile(a.k, a.t, xo, yo, xi, yi, 32, 4, guard).unroll(tv);
    a.logmel.split(a.t, a.t, tv, 4, guard).reorder(tv, a.m, a.t).gpu_tile(a.m, a.t, xo, yo, xi, yi, 32, 4, guard).unroll(tv);
    a.dct.gpu_tile(a.m, a.kc, xo, yo, xi, yi, 32, 4, guard);
    a.mfcc.gpu_tile(a.kc, a.t, xo, yo, xi, yi, 16, 8, guard);
    for (Func f : maps) {
        f.reorder(a.c, a.col, a.row, a.b).gpu_tile(a.c, a.col, a.row, xo, yo, zo, xi, yi, zi, 32, 4, 2, guard);
    }
    a.pool_sum.gpu_tile(a.c, xo, xi, 32, guard);
    a.pool_sum.update().gpu_tile(a.c, xo, xi, 32, guard);
    a.logits.gpu_tile(a.k, a.b, xo, yo, xi, yi, 16, 1, guard);
    // @layer memory
    a.re.compute_at(a.mag, xi).store_in(MemoryType::Register);
    a.im.compute_at(a.mag, xi).store_in(MemoryType::Register);
    a.mel.compute_at(a.logmel, xi).store_in(MemoryType::Register);
    a.mfcc_sum.compute_at(a.mfcc, xi).store_in(MemoryType::Register);
    a.conv1.compute_at(a.a0, xi).store_in(MemoryType::Register);
    for (int i = 0; i < A::blocks; i++) {
        a.dw[i].compute_at(a.d[i], xi).store_in(MemoryType::Register);
        a.pw[i].compute_at(a.act[i], xi).store_in(MemoryType::Register);
    }
    a.fc.compute_at(a.logits, xi).store_in(MemoryType::Register);
    // @layer vector
    a.re.update().reorder(a.t, a.k, a.rn);
    a.im.update().reorder(a.t, a.k, a.rn);
    a.mel.update().reorder(a.t, a.m, a.rk);
    for (Func f : {a.re, a.im, a.mel}) {
        f.unroll(a.t);
        f.update().unroll(a.t);
    }
    for (int i = 0; i < A::blocks; i++) a.dw[i].update().unroll(a.r3.x).unroll(a.r3.y);
    // @end
    return a.kernel();
}
