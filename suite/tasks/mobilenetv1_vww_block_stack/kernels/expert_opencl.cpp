// Expert opencl schedule for `mobilenetv1_vww_block_stack`: four kernels, every stage on the
// device, all with 16x8-thread work-groups over (columns, rows), threads adjacent along the
// columns so that every activation row is read and written coalesced and every weight is a
// uniform broadcast:
//   h1, h3: each thread computes one depthwise output (9 taps unrolled, the zero padding
//           inlined into the loads as a clamped load and a select), bias + ReLU6 fused;
//   h2, y:  each thread projects one pixel onto 4 output channels, the 4 sums in registers
//           across the input channels (one activation load feeds 4 multiply-adds), bias +
//           ReLU6 fused into the store.
// Channel groups run along the third work-group dimension; all tails use GuardWithIf.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int chans = 4;  // output channels per thread in the 1x1 convs
    const int tx = 16, ty = 8;
    Var xo{"xo"}, yo{"yo"}, co{"co"}, xi{"xi"}, yi{"yi"}, ci{"ci"}, cv{"cv"};
    // @layer compute
    // One kernel per materialized stage; padded1 and padded2 are inlined, dw1, pw1, dw2 and
    // pw2 live in registers of the threads that consume them (below).
    a.h1.compute_root();
    a.h2.compute_root();
    a.h3.compute_root();
    // @layer loops
    for (Func f : {a.h2, a.y}) {
        f.split(a.c, a.c, cv, chans, TailStrategy::GuardWithIf)
            .reorder(cv, a.col, a.row, a.c, a.n)
            .gpu_tile(a.col, a.row, a.c, xo, yo, co, xi, yi, ci, tx, ty, 1, TailStrategy::GuardWithIf);
    }
    for (Func f : {a.h1, a.h3}) {
        f.gpu_tile(a.col, a.row, a.c, xo, yo, co, xi, yi, ci, tx, ty, 1, TailStrategy::GuardWithIf);
    }
    a.pw1.update().reorder(a.c, a.col, a.row, a.rc1, a.n);
    a.pw2.update().reorder(a.c, a.col, a.row, a.rc2, a.n);
    // @layer memory
    a.dw1.compute_at(a.h1, xi).store_in(MemoryType::Register);
    a.pw1.compute_at(a.h2, xi).store_in(MemoryType::Register);
    a.dw2.compute_at(a.h3, xi).store_in(MemoryType::Register);
    a.pw2.compute_at(a.y, xi).store_in(MemoryType::Register);
    // @layer vector
    for (Func f : {a.h2, a.y}) f.unroll(cv);
    for (Func f : {a.pw1, a.pw2}) {
        f.unroll(a.c);
        f.update().unroll(a.c);
    }
    a.dw1.update().unroll(a.rk.x).unroll(a.rk.y);
    a.dw2.update().unroll(a.rk.x).unroll(a.rk.y);
    // @end
    return a.kernel();
}
