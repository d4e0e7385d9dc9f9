// Expert cuda schedule for `yolov8n_detect_head_p5`: every stage on the device:
//   x_padded, b1_padded, c1_padded: the 3x3 conv inputs written once with their zero pad;
//   b1, b2, c1, c2: each thread one pixel of 4 channels of a 3x3 conv + SiLU, the sums in
//       registers across the 9 taps (unrolled) and the input channels;
//   box, cls: each thread one pixel of 4 channels of the 1x1 conv + bias;
//   dist: each thread one anchor side of the DFL, the bin max and sums in registers;
//   y: each thread one output value (dist2bbox * stride or the class sigmoid).
// 32x4-thread blocks, threads adjacent along the columns (coalesced rows, warp-uniform weights) for the convs; all tails GuardWithIf.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int chans = 4;
    const TailStrategy guard = TailStrategy::GuardWithIf;
    Var xo{"xo"}, yo{"yo"}, co{"co"}, xi{"xi"}, yi{"yi"}, ci{"ci"}, cv{"cv"};
    struct Conv {
        Func conv, out;
        std::vector<RVar> r;  // the reduction: 3x3 taps x, y and the channels, or the channels
    };
    const std::vector<Conv> convs = {{a.conv_b1, a.b1, {a.rx.x, a.rx.y, a.rx.z}},
                                     {a.conv_b2, a.b2, {a.rb.x, a.rb.y, a.rb.z}},
                                     {a.conv_box, a.box, {a.rb1}},
                                     {a.conv_c1, a.c1, {a.rx.x, a.rx.y, a.rx.z}},
                                     {a.conv_c2, a.c2, {a.rcc.x, a.rcc.y, a.rcc.z}},
                                     {a.conv_cls, a.cls, {a.rc1}}};
    // @layer compute
    for (Func f : {a.x_padded, a.b1, a.b1_padded, a.b2, a.box, a.c1, a.c1_padded, a.c2, a.cls, a.dist}) {
        f.compute_root();
    }
    // @layer loops
    for (Conv c : convs) {
        c.out.split(a.c, a.c, cv, chans, guard)
            .reorder(cv, a.col, a.row, a.c, a.n)
            .gpu_tile(a.col, a.row, a.c, xo, yo, co, xi, yi, ci, 32, 4, 1, guard);
        std::vector<VarOrRVar> order = {a.c, a.col, a.row};
        for (const RVar &r : c.r) order.push_back(r);
        order.push_back(a.n);
        c.conv.update().reorder(order);
    }
    for (Func f : {a.x_padded, a.b1_padded, a.c1_padded}) {
        f.gpu_tile(a.col, a.row, a.c, xo, yo, co, xi, yi, ci, 32, 4, 1, guard);
    }
    a.dist.gpu_tile(a.a, a.j, xo, yo, xi, yi, 32, 4, guard);
    a.y.gpu_tile(a.a, a.ch, xo, yo, xi, yi, 32, 8, guard);
    // @layer memory
    for (Conv c : convs) {
        c.conv.compute_at(c.out, xi).store_in(MemoryType::Register).bound_storage(a.c, chans);
    }
    for (Func f : {a.bin_max, a.bin_den, a.bin_num}) f.compute_at(a.dist, xi).store_in(MemoryType::Register);
    // @layer vector
    for (Conv c : convs) {
        c.out.unroll(cv);
        c.conv.unroll(a.c, chans, guard);
        c.conv.update().unroll(a.c, chans, guard);
        if (c.r.size() == 3) c.conv.update().unroll(c.r[0]).unroll(c.r[1]);
    }
    // @end
    return a.kernel();
}
