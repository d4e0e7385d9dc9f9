// Expert opencl schedule for `mcunet_mbconv_k7_s2`: three kernels, every stage on the device.
//   h1: each thread expands one pixel into 4 channels, the 4 sums in registers across the
//       C input channels, ReLU6 fused;
//   h2: each thread computes one stride-2 depthwise output, 49 taps unrolled, the zero pad
//       a guarded read of h1;
//   y: each thread projects one output pixel onto 4 output channels, the 4 sums in
//      registers across the E expanded channels, the bias fused.
// 16x4 work-items per work-group over (columns, rows); channel groups along the grid's third
// dimension; all tails GuardWithIf.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int chans = 4;  // output channels per thread in the 1x1 convs
    Var xo{"xo"}, yo{"yo"}, co{"co"}, xi{"xi"}, yi{"yi"}, ci{"ci"}, cv{"cv"};
    // @layer compute
    a.h1.compute_root();
    a.h2.compute_root();
    // @layer loops
    for (Func f : {a.h1, a.y}) {
        f.split(a.c, a.c, cv, chans, TailStrategy::GuardWithIf)
            .reorder(cv, a.col, a.row, a.c, a.n)
            .gpu_tile(a.col, a.row, a.c, xo, yo, co, xi, yi, ci, 16, 4, 1, TailStrategy::GuardWithIf);
    }
    a.h2.gpu_tile(a.col, a.row, a.c, xo, yo, co, xi, yi, ci, 16, 4, 1, TailStrategy::GuardWithIf);
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
