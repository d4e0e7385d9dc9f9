// Expert opencl schedule for `yolov8n_pan_upsample_c2f`: six kernels, every stage on the
// device, neither the upsampled map nor the concats materialized:
//   h: each thread computes one output pixel of 4 cv1 channels, the sums in registers
//      across the upsampled x (read at (col / 2, row / 2)) and then skip;
//   b_padded, m1_padded: the bottleneck inputs written once with their zero pad, so the
//      3x3 convs need no bounds checks;
//   m1, m2: each thread one pixel of 4 channels of a 3x3 conv + SiLU, the sums in
//      registers across the 9 taps (unrolled) and the CH input channels;
//   y: each thread one pixel of 4 cv2 channels over a, b and m2, bias and SiLU fused.
// 16x4 work-items per work-group; channel groups along the grid's third dimension; all tails GuardWithIf.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int chans = 4;
    Var xo{"xo"}, yo{"yo"}, co{"co"}, xi{"xi"}, yi{"yi"}, ci{"ci"}, cv{"cv"};
    const std::vector<std::pair<Func, Func>> convs = {
        {a.conv1, a.h}, {a.conv_m1, a.m1}, {a.conv_m2, a.m2}, {a.conv2, a.y}};
    // @layer compute
    for (Func f : {a.h, a.b_padded, a.m1, a.m1_padded, a.m2}) f.compute_root();
    // @layer loops
    for (auto [conv, out] : convs) {
        out.split(a.c, a.c, cv, chans, TailStrategy::GuardWithIf)
            .reorder(cv, a.col, a.row, a.c, a.n)
            .gpu_tile(a.col, a.row, a.c, xo, yo, co, xi, yi, ci, 16, 4, 1, TailStrategy::GuardWithIf);
    }
    for (Func f : {a.b_padded, a.m1_padded}) {
        f.gpu_tile(a.col, a.row, a.c, xo, yo, co, xi, yi, ci, 16, 4, 1, TailStrategy::GuardWithIf);
    }
    a.conv1.update(0).reorder(a.c, a.col, a.row, a.ru, a.n);
    a.conv1.update(1).reorder(a.c, a.col, a.row, a.rs, a.n);
    a.conv_m1.update().reorder(a.c, a.col, a.row, a.r3.x, a.r3.y, a.r3.z, a.n);
    a.conv_m2.update().reorder(a.c, a.col, a.row, a.r3.x, a.r3.y, a.r3.z, a.n);
    a.conv2.update().reorder(a.c, a.col, a.row, a.rh, a.n);
    // @layer memory
    for (auto [conv, out] : convs) {
        conv.compute_at(out, xi).store_in(MemoryType::Register).bound_storage(a.c, chans);
    }
    // @layer vector
    for (auto [conv, out] : convs) {
        out.unroll(cv);
        conv.unroll(a.c, chans, TailStrategy::GuardWithIf);
        for (int u = 0; u < (int)conv.num_update_definitions(); u++) {
            conv.update(u).unroll(a.c, chans, TailStrategy::GuardWithIf);
        }
    }
    for (Func f : {a.conv_m1, a.conv_m2}) f.update().unroll(a.r3.x).unroll(a.r3.y);
    // @end
    return a.kernel();
}
