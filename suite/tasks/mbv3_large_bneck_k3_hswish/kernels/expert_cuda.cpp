// Expert cuda schedule for `mbv3_large_bneck_k3_hswish`: three kernels, every stage on the device, all
// with 32x8-thread blocks over (columns, rows), threads adjacent along the columns so that
// every activation row is read and written coalesced across a warp and every weight is a
// warp-uniform broadcast:
//   h1: each thread expands one pixel into 4 channels, the 4 sums in registers across the
//       C input channels (one load of x feeds 4 FMAs);
//   h2: each block stages its 34x10 tile of h1 with the zero pad into shared memory
//       (h1_padded), then each thread computes one depthwise output, 9 taps unrolled;
//   y: each thread projects one pixel onto 4 output channels, the 4 sums in registers
//      across the E expanded channels, the bias and the residual added in the same kernel.
// Channel groups run along the grid's z dimension; all tails use GuardWithIf.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int chans = 4;  // output channels per thread in the 1x1 convs
    Var xo{"xo"}, yo{"yo"}, co{"co"}, xi{"xi"}, yi{"yi"}, ci{"ci"}, cv{"cv"};
    // @layer compute
    // One kernel per materialized stage; expand, dw and project live in registers of the
    // threads that consume them, h1_padded in shared memory (below).
    a.h1.compute_root();
    a.h2.compute_root();
    // @layer loops
    for (Func f : {a.h1, a.y}) {
        f.split(a.c, a.c, cv, chans, TailStrategy::GuardWithIf)
            .reorder(cv, a.col, a.row, a.c, a.n)
            .gpu_tile(a.col, a.row, a.c, xo, yo, co, xi, yi, ci, 32, 8, 1, TailStrategy::GuardWithIf);
    }
    a.h2.gpu_tile(a.col, a.row, a.c, xo, yo, co, xi, yi, ci, 32, 8, 1, TailStrategy::GuardWithIf);
    a.expand.update().reorder(a.c, a.col, a.row, a.rc, a.n);
    a.project.update().reorder(a.c, a.col, a.row, a.re, a.n);
    // @layer memory
    a.expand.compute_at(a.h1, xi).store_in(MemoryType::Register);
    a.h1_padded.compute_at(a.h2, xo).store_in(MemoryType::GPUShared).gpu_threads(a.col, a.row);
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
