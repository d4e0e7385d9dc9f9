// Expert opencl schedule for `blazeface_single_block_s2`: every stage on the device:
//   x_padded: x written once with its right/bottom zero pad;
//   dw: each thread one stride-2 depthwise output, the 9 taps unrolled, the sum in a
//       register (the stage's wrapper is the kernel, the reduction lives in the thread);
//   y: each thread one output pixel of 4 channels, the 1x1 sums in registers across CI,
//      then bias, the 2x2 max-pooled shortcut (zero for the appended channels) and ReLU.
// 16x4 work-items per work-group; channel groups along the grid's third dimension; all tails GuardWithIf.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int chans = 4;
    Var xo{"xo"}, yo{"yo"}, co{"co"}, xi{"xi"}, yi{"yi"}, ci{"ci"}, cv{"cv"};
    Func dww = a.dw.in();
    // @layer compute
    for (Func f : {a.x_padded, dww}) f.compute_root();
    // @layer loops
    a.y.split(a.c, a.c, cv, chans, TailStrategy::GuardWithIf)
        .reorder(cv, a.col, a.row, a.c, a.n)
        .gpu_tile(a.col, a.row, a.c, xo, yo, co, xi, yi, ci, 16, 4, 1, TailStrategy::GuardWithIf);
    for (Func f : {a.x_padded, dww}) {
        std::vector<Var> v = f.args();
        f.gpu_tile(v[0], v[1], v[2], xo, yo, co, xi, yi, ci, 16, 4, 1, TailStrategy::GuardWithIf);
    }
    a.conv.update().reorder(a.c, a.col, a.row, a.rc, a.n);
    // @layer memory
    a.conv.compute_at(a.y, xi).store_in(MemoryType::Register).bound_storage(a.c, chans);
    a.dw.compute_at(dww, xi).store_in(MemoryType::Register);
    // @layer vector
    a.y.unroll(cv);
    a.conv.unroll(a.c, chans, TailStrategy::GuardWithIf);
    a.conv.update().unroll(a.c, chans, TailStrategy::GuardWithIf);
    a.dw.update().unroll(a.rk.x).unroll(a.rk.y);
    // @end
    return a.kernel();
}
