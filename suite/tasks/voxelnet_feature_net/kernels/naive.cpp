// Naive schedule for `voxelnet_feature_net`: every stage at root, serial and scalar on CPU;
// one default GPU tile per stage on GPU backends. Also the task's trusted reference (cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    std::vector<Func> three = {a.dot1, a.p1, a.x2, a.dot2, a.p2, a.x3, a.dot3, a.p3};
    std::vector<Func> two = {a.a1, a.a2};
    // @layer compute
    for (Func f : three) f.compute_root();
    for (Func f : two) f.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var xo, yo, zo, xi, yi, zi;
        const TailStrategy gd = TailStrategy::GuardWithIf;
        for (Func f : three) {
            f.gpu_tile(a.c, a.t, a.v, xo, yo, zo, xi, yi, zi, 16, 8, 2, gd);
            if (f.has_update_definition()) f.update().gpu_tile(a.c, a.t, a.v, xo, yo, zo, xi, yi, zi, 16, 8, 2, gd);
        }
        for (Func f : {a.a1, a.a2, a.out}) {
            f.gpu_tile(a.c, a.v, xo, yo, xi, yi, 16, 16, gd);
            f.update().gpu_tile(a.c, a.v, xo, yo, xi, yi, 16, 16, gd);
        }
    }
    // @end
    return a.kernel();
}
