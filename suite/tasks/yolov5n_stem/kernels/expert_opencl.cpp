// Expert opencl schedule for `yolov5n_stem`: four kernels, every stage on the device:
//   x_padded, h_padded: the conv inputs written once with their zero pad;
//   h: each thread one output pixel of 4 channels of the 6x6 stride-2 conv + SiLU, the sums
//      in registers across the 36 taps (kx unrolled) and the CI channels;
//   y: each thread one output pixel of 4 channels of the 3x3 stride-2 conv + SiLU.
// 16x4 work-items per work-group; channel groups along the grid's third dimension; all tails GuardWithIf.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int chans = 4;
    Var xo{"xo"}, yo{"yo"}, co{"co"}, xi{"xi"}, yi{"yi"}, ci{"ci"}, cv{"cv"};
    // @layer compute
    for (Func f : {a.x_padded, a.h, a.h_padded}) f.compute_root();
    // @layer loops
    for (Func f : {a.h, a.y}) {
        f.split(a.c, a.c, cv, chans, TailStrategy::GuardWithIf)
            .reorder(cv, a.col, a.row, a.c, a.n)
            .gpu_tile(a.col, a.row, a.c, xo, yo, co, xi, yi, ci, 16, 4, 1, TailStrategy::GuardWithIf);
    }
    for (Func f : {a.x_padded, a.h_padded}) {
        f.gpu_tile(a.col, a.row, a.c, xo, yo, co, xi, yi, ci, 16, 4, 1, TailStrategy::GuardWithIf);
    }
    a.conv0.update().reorder(a.c, a.col, a.row, a.r0.x, a.r0.y, a.r0.z, a.n);
    a.conv1.update().reorder(a.c, a.col, a.row, a.r1.x, a.r1.y, a.r1.z, a.n);
    // @layer memory
    a.conv0.compute_at(a.h, xi).store_in(MemoryType::Register).bound_storage(a.c, chans);
    a.conv1.compute_at(a.y, xi).store_in(MemoryType::Register).bound_storage(a.c, chans);
    // @layer vector
    for (Func f : {a.h, a.y}) f.unroll(cv);
    for (Func f : {a.conv0, a.conv1}) {
        f.unroll(a.c, chans, TailStrategy::GuardWithIf);
        f.update().unroll(a.c, chans, TailStrategy::GuardWithIf);
    }
    a.conv0.update().unroll(a.r0.x);
    a.conv1.update().unroll(a.r1.x).unroll(a.r1.y);
    // @end
    return a.kernel();
}
