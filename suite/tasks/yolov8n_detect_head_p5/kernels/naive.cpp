// Naive schedule for `yolov8n_detect_head_p5`: every stage at root, serial and scalar on
// CPU; one default GPU tile per stage on GPU backends. Also the task's trusted reference
// (built for cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const std::vector<Func> convs = {a.conv_b1, a.conv_b2, a.conv_box, a.conv_c1, a.conv_c2, a.conv_cls};
    const std::vector<Func> maps = {a.x_padded, a.b1, a.b1_padded, a.b2, a.box, a.c1, a.c1_padded, a.c2, a.cls};
    // @layer compute
    for (Func f : convs) f.compute_root();
    for (Func f : maps) f.compute_root();
    for (Func f : {a.bin_max, a.bin_den, a.bin_num, a.dist}) f.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var xo, yo, co, xi, yi, ci;
        for (Func f : convs) {
            f.gpu_tile(a.col, a.row, a.c, xo, yo, co, xi, yi, ci, 16, 16, 1, TailStrategy::GuardWithIf);
            f.update().gpu_tile(a.col, a.row, a.c, xo, yo, co, xi, yi, ci, 16, 16, 1,
                                TailStrategy::GuardWithIf);
        }
        for (Func f : maps) {
            f.gpu_tile(a.col, a.row, a.c, xo, yo, co, xi, yi, ci, 16, 16, 1, TailStrategy::GuardWithIf);
        }
        for (Func f : {a.bin_max, a.bin_den, a.bin_num}) {
            f.gpu_tile(a.a, a.j, xo, yo, xi, yi, 16, 4, TailStrategy::GuardWithIf);
            f.update().gpu_tile(a.a, a.j, xo, yo, xi, yi, 16, 4, TailStrategy::GuardWithIf);
        }
        a.dist.gpu_tile(a.a, a.j, xo, yo, xi, yi, 16, 4, TailStrategy::GuardWithIf);
        a.y.gpu_tile(a.a, a.ch, xo, yo, xi, yi, 16, 16, TailStrategy::GuardWithIf);
    }
    // @end
    return a.kernel();
}
