// Naive schedule for `pointnet2_sa`: every layer at root, serial and scalar on CPU; one
// default GPU tile per stage on GPU backends. Also the task's trusted reference (cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    std::vector<Func> three = {a.inp, a.h1_dot, a.h1, a.h2_dot, a.h2, a.h3_dot, a.h3};
    // @layer compute
    for (Func f : three) f.compute_root();
    a.pooled.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var xo, yo, xi, yi;
        const TailStrategy gd = TailStrategy::GuardWithIf;
        for (Func f : three) {
            Var v0 = f.args()[0], v1 = f.args()[1];
            f.gpu_tile(v0, v1, xo, yo, xi, yi, 16, 16, gd);
            if (f.has_update_definition()) f.update().gpu_tile(v0, v1, xo, yo, xi, yi, 16, 16, gd);
        }
        a.pooled.gpu_tile(a.o, a.s, xo, yo, xi, yi, 16, 16, gd);
        a.pooled.update().gpu_tile(a.o, a.s, xo, yo, xi, yi, 16, 16, gd);
        a.new_xyz.gpu_tile(a.j, a.s, xo, yo, xi, yi, 4, 16, gd);
        a.new_feat.gpu_tile(a.o, a.s, xo, yo, xi, yi, 16, 16, gd);
    }
    // @end
    return a.kernel();
}
