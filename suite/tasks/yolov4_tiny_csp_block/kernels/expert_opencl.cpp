// Expert opencl schedule for `yolov4_tiny_csp_block`: every stage on the device, no concat
// materialized:
//   x_padded, half_padded, t1_padded: the 3x3 conv inputs written once with their zero pad
//      (half_padded is t0's second half, the route's group 1), so the convs need no bounds
//      checks;
//   t0, t1, t2: each thread one pixel of 4 channels of a 3x3 conv + leaky, the sums in
//      registers across the 9 taps (unrolled) and the input channels;
//   t3: each thread one pixel of 4 channels of the 1x1 conv over t2 and t1;
//   y: each thread one pooled output (2x2 max of t0 or t3 by channel).
// 16x4 work-items per work-group; channel groups along the grid's third dimension; all tails GuardWithIf.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int chans = 4;
    Var xo{"xo"}, yo{"yo"}, co{"co"}, xi{"xi"}, yi{"yi"}, ci{"ci"}, cv{"cv"};
    const std::vector<std::pair<Func, Func>> convs = {
        {a.conv0, a.t0}, {a.conv1, a.t1}, {a.conv2, a.t2}, {a.conv3, a.t3}};
    // @layer compute
    for (Func f : {a.x_padded, a.t0, a.half_padded, a.t1, a.t1_padded, a.t2, a.t3}) f.compute_root();
    // @layer loops
    for (auto [conv, out] : convs) {
        out.split(a.c, a.c, cv, chans, TailStrategy::GuardWithIf)
            .reorder(cv, a.col, a.row, a.c, a.n)
            .gpu_tile(a.col, a.row, a.c, xo, yo, co, xi, yi, ci, 16, 4, 1, TailStrategy::GuardWithIf);
    }
    for (Func f : {a.x_padded, a.half_padded, a.t1_padded, a.y}) {
        f.gpu_tile(a.col, a.row, a.c, xo, yo, co, xi, yi, ci, 16, 4, 1, TailStrategy::GuardWithIf);
    }
    a.conv0.update().reorder(a.c, a.col, a.row, a.r0.x, a.r0.y, a.r0.z, a.n);
    a.conv1.update().reorder(a.c, a.col, a.row, a.r3.x, a.r3.y, a.r3.z, a.n);
    a.conv2.update().reorder(a.c, a.col, a.row, a.r3.x, a.r3.y, a.r3.z, a.n);
    a.conv3.update().reorder(a.c, a.col, a.row, a.rh, a.n);
    // @layer memory
    for (auto [conv, out] : convs) {
        conv.compute_at(out, xi).store_in(MemoryType::Register).bound_storage(a.c, chans);
    }
    // @layer vector
    for (auto [conv, out] : convs) {
        out.unroll(cv);
        conv.unroll(a.c, chans, TailStrategy::GuardWithIf);
        conv.update().unroll(a.c, chans, TailStrategy::GuardWithIf);
    }
    a.conv0.update().unroll(a.r0.x).unroll(a.r0.y);
    for (Func f : {a.conv1, a.conv2}) f.update().unroll(a.r3.x).unroll(a.r3.y);
    // @end
    return a.kernel();
}
