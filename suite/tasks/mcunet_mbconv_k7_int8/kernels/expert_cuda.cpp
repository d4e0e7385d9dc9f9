// Expert cuda schedule for `mcunet_mbconv_k7_int8`: three kernels, every stage on the
// device, all with 32x8-thread blocks over (columns, rows), threads adjacent along the
// columns so that every int8 activation row is read and written coalesced and every weight
// is a warp-uniform broadcast:
//   h1: each thread expands one pixel into 4 channels, the 4 int32 sums in registers across
//       the C input channels (one load of x feeds 4 multiply-adds), requantization and the
//       ReLU6 clamp fused into the int8 store;
//   h2: each thread computes one depthwise output, 49 taps unrolled, the zp_h padding
//       inlined into the loads (a clamped load and a select), requantized and clamped;
//   y:  each thread projects one pixel onto 4 output channels, the 4 sums in registers
//       across the E expanded channels, with the project requantization, the residual ADD
//       (both rescalings) and the output requantization fused into the same kernel.
// Channel groups run along the grid's z; all tails use GuardWithIf.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int chans = 4;  // output channels per thread in the 1x1 convs
    const int tx = 32, ty = 8;
    Var xo{"xo"}, yo{"yo"}, co{"co"}, xi{"xi"}, yi{"yi"}, ci{"ci"}, cv{"cv"};
    // @layer compute
    // One kernel per materialized stage; expand, dw and project live in registers of the
    // threads that consume them; h1_padded, p, scaled_x and scaled_p are inlined.
    a.h1.compute_root();
    a.h2.compute_root();
    // @layer loops
    for (Func f : {a.h1, a.y}) {
        f.split(a.c, a.c, cv, chans, TailStrategy::GuardWithIf)
            .reorder(cv, a.col, a.row, a.c, a.n)
            .gpu_tile(a.col, a.row, a.c, xo, yo, co, xi, yi, ci, tx, ty, 1, TailStrategy::GuardWithIf);
    }
    a.h2.gpu_tile(a.col, a.row, a.c, xo, yo, co, xi, yi, ci, tx, ty, 1, TailStrategy::GuardWithIf);
    a.expand.update().reorder(a.c, a.col, a.row, a.rc, a.n);
    a.project.update().reorder(a.c, a.col, a.row, a.re, a.n);
    // @layer memory
    a.expand.compute_at(a.h1, xi).store_in(MemoryType::Register);
    a.dw.compute_at(a.h2, xi).store_in(MemoryType::Register);
    a.project.compute_at(a.y, xi).store_in(MemoryType::Register);
    // @layer vector
    for (Func f : {a.h1, a.y}) f.unroll(cv);
    for (Func f : {a.expand, a.project}) {
        f.unroll(a.c);
        f.update().unroll(a.c);
    }
    a.dw.update().unroll(a.rk.x).unroll(a.rk.y);
    // @end
    return a.kernel();
}
