// Expert opencl schedule for `keypoint_deconv_head`: three kernels, every stage on the device:
//   x_padded: x written once with its zero border;
//   h: each thread one output pixel of 4 channels of the transposed conv, the 2 x 2 taps of
//      its parity (unrolled) and the CI channels accumulated in registers; bias, ReLU;
//   y: each thread one pixel of 4 heatmaps, the 1x1 sums in registers across CO.
// 16x4 work-items per work-group; channel groups along the grid's third dimension; all tails GuardWithIf.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int chans = 4;
    Var xo{"xo"}, yo{"yo"}, co{"co"}, xi{"xi"}, yi{"yi"}, ci{"ci"}, cv{"cv"};
    // @layer compute
    for (Func f : {a.x_padded, a.h}) f.compute_root();
    // @layer loops
    for (Func f : {a.h, a.y}) {
        f.split(a.c, a.c, cv, chans, TailStrategy::GuardWithIf)
            .reorder(cv, a.col, a.row, a.c, a.n)
            .gpu_tile(a.col, a.row, a.c, xo, yo, co, xi, yi, ci, 16, 4, 1, TailStrategy::GuardWithIf);
    }
    a.x_padded.gpu_tile(a.col, a.row, a.c, xo, yo, co, xi, yi, ci, 16, 4, 1, TailStrategy::GuardWithIf);
    a.deconv.update().reorder(a.c, a.col, a.row, a.rd.x, a.rd.y, a.rd.z, a.n);
    a.conv.update().reorder(a.c, a.col, a.row, a.rf, a.n);
    // @layer memory
    a.deconv.compute_at(a.h, xi).store_in(MemoryType::Register).bound_storage(a.c, chans);
    a.conv.compute_at(a.y, xi).store_in(MemoryType::Register).bound_storage(a.c, chans);
    // @layer vector
    for (Func f : {a.h, a.y}) f.unroll(cv);
    for (Func f : {a.deconv, a.conv}) {
        f.unroll(a.c, chans, TailStrategy::GuardWithIf);
        f.update().unroll(a.c, chans, TailStrategy::GuardWithIf);
    }
    a.deconv.update().unroll(a.rd.x).unroll(a.rd.y);
    // @end
    return a.kernel();
}
