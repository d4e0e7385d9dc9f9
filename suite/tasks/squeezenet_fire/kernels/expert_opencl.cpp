// Expert opencl schedule for `squeezenet_fire`: five kernels, every stage on the device.
//   s: each thread computes one pixel of 4 squeeze channels (sums in registers across C),
//      ReLU fused; s_padded: s copied once with the zero pad so the 3x3 reads are dense;
//   e1, e3: each thread computes one pixel of 4 expand channels, the 4 sums in registers
//      across S (and the 9 taps, unrolled, for the 3x3 branch), bias and ReLU fused;
//   y: the concat, one thread per output element.
// 16x4 work-items per work-group; channel groups along the grid's third dimension; all tails GuardWithIf.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int chans = 4;
    Var xo{"xo"}, yo{"yo"}, co{"co"}, xi{"xi"}, yi{"yi"}, ci{"ci"}, cv{"cv"};
    // @layer compute
    for (Func f : {a.s, a.s_padded, a.e1, a.e3}) f.compute_root();
    // @layer loops
    a.s_padded.gpu_tile(a.col, a.row, a.c, xo, yo, co, xi, yi, ci, 16, 4, 1, TailStrategy::GuardWithIf);
    for (Func f : {a.s, a.e1, a.e3}) {
        f.split(a.c, a.c, cv, chans, TailStrategy::GuardWithIf)
            .reorder(cv, a.col, a.row, a.c, a.n)
            .gpu_tile(a.col, a.row, a.c, xo, yo, co, xi, yi, ci, 16, 4, 1, TailStrategy::GuardWithIf);
    }
    a.y.gpu_tile(a.col, a.row, a.c, xo, yo, co, xi, yi, ci, 16, 4, 1, TailStrategy::GuardWithIf);
    a.squeeze.update().reorder(a.c, a.col, a.row, a.rc, a.n);
    a.expand1.update().reorder(a.c, a.col, a.row, a.rs, a.n);
    a.expand3.update().reorder(a.c, a.col, a.row, a.r3.x, a.r3.y, a.r3.z, a.n);
    // @layer memory
    a.squeeze.compute_at(a.s, xi).store_in(MemoryType::Register).bound_storage(a.c, chans);
    a.expand1.compute_at(a.e1, xi).store_in(MemoryType::Register).bound_storage(a.c, chans);
    a.expand3.compute_at(a.e3, xi).store_in(MemoryType::Register).bound_storage(a.c, chans);
    // @layer vector
    for (Func f : {a.s, a.e1, a.e3}) f.unroll(cv);
    for (Func f : {a.squeeze, a.expand1, a.expand3}) {
        f.unroll(a.c, chans, TailStrategy::GuardWithIf);
        f.update().unroll(a.c, chans, TailStrategy::GuardWithIf);
    }
    a.expand3.update().unroll(a.r3.x).unroll(a.r3.y);
    // @end
    return a.kernel();
}
