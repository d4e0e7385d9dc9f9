// Naive schedule for `ghostnet_bottleneck_s2`: every stage at root, serial and scalar on
// CPU; one default GPU tile per stage on GPU backends. Also the task's trusted reference
// (built for cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const std::vector<Func> reductions = {a.conv_p1, a.conv_c1, a.conv_dw, a.conv_p2, a.conv_c2, a.conv_sdw, a.conv_spw};
    const std::vector<Func> pure = {a.p1, a.p1_padded, a.g1, a.h, a.h_padded, a.t, a.p2, a.p2_padded,
                                    a.g2, a.x_padded, a.sd, a.sc};
    // @layer compute
    for (Func f : reductions) f.compute_root();
    for (Func f : pure) f.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var xo, yo, co, xi, yi, ci;
        for (Func f : reductions) {
            f.gpu_tile(a.col, a.row, a.c, xo, yo, co, xi, yi, ci, 16, 16, 1, TailStrategy::GuardWithIf);
            f.update().gpu_tile(a.col, a.row, a.c, xo, yo, co, xi, yi, ci, 16, 16, 1, TailStrategy::GuardWithIf);
        }
        for (Func f : pure) {
            f.gpu_tile(a.col, a.row, a.c, xo, yo, co, xi, yi, ci, 16, 16, 1, TailStrategy::GuardWithIf);
        }
        a.y.gpu_tile(a.col, a.row, a.c, xo, yo, co, xi, yi, ci, 16, 16, 1, TailStrategy::GuardWithIf);
    }
    // @end
    return a.kernel();
}
