// Expert opencl schedule for `dw_pw_block`: two kernels, every stage on the device.
//   h: 16x4x4 work-groups over (columns, rows, channels), each thread one depthwise output,
//      the zero pad inlined into its loads (a clamped load and a select), 9 taps unrolled in
//      registers, bias + ReLU fused;
//   y: 16x4 work-groups over (columns, rows), channel groups as the third grid dimension;
//      each thread projects one pixel onto 4 output channels, the 4 sums in registers across
//      the C channels (one load of h feeds 4 FMAs), bias + ReLU fused into the store.
// Independent work-items along the columns, which OpenCL CPU drivers such as PoCL vectorize
// across the work-group; all tails use GuardWithIf.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int chans = 4;  // output channels per thread in the pointwise conv
    Var xo{"xo"}, yo{"yo"}, co{"co"}, xi{"xi"}, yi{"yi"}, ci{"ci"}, cv{"cv"};
    // @layer compute
    // One kernel per materialized stage (h, y); padded is inlined, dw and pw live in
    // registers of the threads that consume them (below).
    a.h.compute_root();
    // @layer loops
    a.h.gpu_tile(a.col, a.row, a.c, xo, yo, co, xi, yi, ci, 16, 4, 4, TailStrategy::GuardWithIf);
    a.y.split(a.c, a.c, cv, chans, TailStrategy::GuardWithIf)
        .reorder(cv, a.col, a.row, a.c, a.n)
        .gpu_tile(a.col, a.row, a.c, xo, yo, co, xi, yi, ci, 16, 4, 1, TailStrategy::GuardWithIf);
    a.pw.update().reorder(a.c, a.col, a.row, a.rc, a.n);
    // @layer memory
    a.dw.compute_at(a.h, xi).store_in(MemoryType::Register);
    a.pw.compute_at(a.y, xi).store_in(MemoryType::Register);
    // @layer vector
    a.dw.update().unroll(a.rk.x).unroll(a.rk.y);
    a.y.unroll(cv);
    a.pw.unroll(a.c);
    a.pw.update().unroll(a.c);
    // @end
    return a.kernel();
}
