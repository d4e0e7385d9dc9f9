// Expert cuda schedule for `yolov5n_c3_block`: six kernels, every stage on the device, the
// concat never materialized:
//   h1, h2: each thread computes one pixel of 4 cv1 / cv2 channels, the sums in registers
//       across C1;
//   m1: each thread one pixel of 4 channels of the bottleneck's 1x1 + SiLU;
//   m1_padded: m1 written once with its zero pad, so the 3x3 conv needs no bounds checks;
//   m2: each thread one pixel of 4 channels of the 3x3 conv + SiLU, the sums in registers
//       across the 9 taps (unrolled) and the CH input channels;
//   y: each thread one pixel of 4 cv3 channels over h1 + m2 and h2, bias and SiLU fused.
// 32x4-thread blocks, threads adjacent along the columns (coalesced rows, warp-uniform weights); channel groups along the grid's third dimension; all tails GuardWithIf.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int chans = 4;
    Var xo{"xo"}, yo{"yo"}, co{"co"}, xi{"xi"}, yi{"yi"}, ci{"ci"}, cv{"cv"};
    const std::vector<std::pair<Func, Func>> convs = {
        {a.conv1, a.h1}, {a.conv2, a.h2}, {a.conv_m1, a.m1}, {a.conv_m2, a.m2}, {a.conv3, a.y}};
    // @layer compute
    for (Func f : {a.h1, a.h2, a.m1, a.m1_padded, a.m2}) f.compute_root();
    // @layer loops
    for (auto [conv, out] : convs) {
        out.split(a.c, a.c, cv, chans, TailStrategy::GuardWithIf)
            .reorder(cv, a.col, a.row, a.c, a.n)
            .gpu_tile(a.col, a.row, a.c, xo, yo, co, xi, yi, ci, 32, 4, 1, TailStrategy::GuardWithIf);
    }
    a.m1_padded.gpu_tile(a.col, a.row, a.c, xo, yo, co, xi, yi, ci, 32, 4, 1, TailStrategy::GuardWithIf);
    a.conv1.update().reorder(a.c, a.col, a.row, a.rc, a.n);
    a.conv2.update().reorder(a.c, a.col, a.row, a.rc, a.n);
    a.conv_m1.update().reorder(a.c, a.col, a.row, a.rh, a.n);
    a.conv_m2.update().reorder(a.c, a.col, a.row, a.r3.x, a.r3.y, a.r3.z, a.n);
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
    a.conv_m2.update().unroll(a.r3.x).unroll(a.r3.y);
    // @end
    return a.kernel();
}
