// Expert cuda schedule for `ssdlite_head_int8`: four kernels, every stage on the device:
//   x_padded: x written once with its zero-point pad;
//   h: each thread one int8 depthwise output, the 9 taps unrolled and the int32 sum in a
//      register, requantized with the ReLU6 clamp;
//   box, cls: each thread one pixel of 4 output channels, the int32 sums in registers
//      across C, requantized in the store.
// 32x4-thread blocks, threads adjacent along the columns (coalesced rows, warp-uniform weights); channel groups along the grid's third dimension; all tails GuardWithIf.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int chans = 4;
    Var xo{"xo"}, yo{"yo"}, co{"co"}, xi{"xi"}, yi{"yi"}, ci{"ci"}, cv{"cv"};
    const std::vector<std::pair<Func, Func>> convs = {{a.acc_box, a.box}, {a.acc_cls, a.cls}};
    // @layer compute
    for (Func f : {a.x_padded, a.h}) f.compute_root();
    // @layer loops
    for (auto [acc, out] : convs) {
        out.split(a.c, a.c, cv, chans, TailStrategy::GuardWithIf)
            .reorder(cv, a.col, a.row, a.c, a.n)
            .gpu_tile(a.col, a.row, a.c, xo, yo, co, xi, yi, ci, 32, 4, 1, TailStrategy::GuardWithIf);
        acc.update().reorder(a.c, a.col, a.row, a.rc, a.n);
    }
    for (Func f : {a.x_padded, a.h}) {
        f.gpu_tile(a.col, a.row, a.c, xo, yo, co, xi, yi, ci, 32, 4, 1, TailStrategy::GuardWithIf);
    }
    // @layer memory
    for (auto [acc, out] : convs) {
        acc.compute_at(out, xi).store_in(MemoryType::Register).bound_storage(a.c, chans);
    }
    a.acc_dw.compute_at(a.h, xi).store_in(MemoryType::Register);
    // @layer vector
    for (auto [acc, out] : convs) {
        out.unroll(cv);
        acc.unroll(a.c, chans, TailStrategy::GuardWithIf);
        acc.update().unroll(a.c, chans, TailStrategy::GuardWithIf);
    }
    a.acc_dw.update().unroll(a.rk.x).unroll(a.rk.y);
    // @end
    return a.kernel();
}
