// Expert opencl schedule for `espcn_x3`: four kernels (the naive schedule has nine), every stage
// on the device, the zero padding inlined into the loads (a clamped load and a select).
//   h1, h2: 16x4-thread blocks over (columns, rows), channel groups of 4 along the grid's
//      third dimension; each thread accumulates one pixel of 4 output channels in registers
//      across the taps (and the input channels for h2), bias as initial value, tanh fused;
//   conv3: one thread per (pixel, channel) across the F2 input channels and the 9 taps
//      (kx unrolled), 16x4-thread blocks, channels along z;
//   y: the pixel shuffle, one thread per output pixel, 16x4-thread blocks.
// Threads are adjacent along the columns (coalesced rows, uniform weights). All tails use
// GuardWithIf.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int chans = 4;
    const TailStrategy guard = TailStrategy::GuardWithIf;
    Var xo{"xo"}, yo{"yo"}, co{"co"}, xi{"xi"}, yi{"yi"}, ci{"ci"}, cv{"cv"};
    // @layer compute
    a.h1.compute_root();
    a.h2.compute_root();
    a.conv3.compute_root();
    // @layer loops
    for (Func f : {a.h1, a.h2}) {
        f.split(a.c, a.c, cv, chans, guard)
            .reorder(cv, a.col, a.row, a.c, a.n)
            .gpu_tile(a.col, a.row, a.c, xo, yo, co, xi, yi, ci, 16, 4, 1, guard);
    }
    a.conv3.gpu_tile(a.col, a.row, a.c, xo, yo, co, xi, yi, ci, 16, 4, 1, guard);
    a.conv3.update().reorder(a.r3.y, a.r3.z, a.r3.x, a.col, a.row, a.c, a.n).gpu_tile(a.col, a.row, a.c, xo, yo, co, xi, yi, ci, 16, 4, 1, guard);
    a.y.gpu_tile(a.col, a.row, xo, yo, xi, yi, 16, 4, guard);
    // @layer memory
    a.conv1.compute_at(a.h1, xi).store_in(MemoryType::Register).bound_storage(a.c, chans);
    a.conv2.compute_at(a.h2, xi).store_in(MemoryType::Register).bound_storage(a.c, chans);
    // @layer vector
    for (Func f : {a.h1, a.h2}) f.unroll(cv);
    a.conv1.unroll(a.c);
    a.conv1.update().reorder(a.c, a.r1.x, a.r1.y, a.col, a.row, a.n).unroll(a.c).unroll(a.r1.x);
    a.conv2.unroll(a.c);
    a.conv2.update().reorder(a.c, a.r2.y, a.r2.z, a.r2.x, a.col, a.row, a.n).unroll(a.c).unroll(a.r2.y);
    a.conv3.update().unroll(a.r3.y);
    // @end
    return a.kernel();
}
