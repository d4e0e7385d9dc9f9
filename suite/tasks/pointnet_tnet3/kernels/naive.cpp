// Naive schedule for `pointnet_tnet3`: every stage at root, serial and scalar on CPU; one
// default GPU tile per stage on GPU backends. Also the task's trusted reference (cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    std::vector<Func> two = {a.conv1, a.h1, a.conv2, a.h2, a.conv3, a.h3};
    std::vector<Func> one = {a.g, a.fc1, a.f1, a.fc2, a.f2, a.fc3};
    // @layer compute
    for (Func f : two) f.compute_root();
    for (Func f : one) f.compute_root();
    a.mat.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var xo, yo, xi, yi;
        const TailStrategy gd = TailStrategy::GuardWithIf;
        for (Func f : two) {
            f.gpu_tile(a.c, a.n, xo, yo, xi, yi, 16, 16, gd);
            if (f.has_update_definition()) f.update().gpu_tile(a.c, a.n, xo, yo, xi, yi, 16, 16, gd);
        }
        for (Func f : one) {
            f.gpu_tile(a.c, xo, xi, 64, gd);
            if (f.has_update_definition()) f.update().gpu_tile(a.c, xo, xi, 64, gd);
        }
        a.mat.gpu_tile(a.j, a.i, xo, yo, xi, yi, 3, 3, gd);
        a.trans.gpu_tile(a.j, a.i, xo, yo, xi, yi, 3, 3, gd);
        a.out.gpu_tile(a.n, a.j, xo, yo, xi, yi, 64, 1, gd);
    }
    // @end
    return a.kernel();
}
