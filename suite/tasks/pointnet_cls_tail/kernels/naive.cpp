// Naive schedule for `pointnet_cls_tail`: every stage at root, serial and scalar on CPU; one
// default GPU tile per stage on GPU backends (the scalar log-softmax statistics on one GPU
// thread). Also the task's trusted reference (cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    std::vector<Func> stages = {a.conv, a.h, a.g, a.fc1, a.f1, a.fc2, a.f2, a.logits, a.lmax, a.lsum};
    // @layer compute
    for (Func f : stages) f.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var xo, yo, xi, yi;
        const TailStrategy gd = TailStrategy::GuardWithIf;
        a.conv.gpu_tile(a.c, a.n, xo, yo, xi, yi, 16, 16, gd);
        a.conv.update().gpu_tile(a.c, a.n, xo, yo, xi, yi, 16, 16, gd);
        a.h.gpu_tile(a.c, a.n, xo, yo, xi, yi, 16, 16, gd);
        for (Func f : {a.g, a.fc1, a.f1, a.fc2, a.f2, a.logits}) {
            f.gpu_tile(a.c, xo, xi, 64, gd);
            if (f.has_update_definition()) f.update().gpu_tile(a.c, xo, xi, 64, gd);
        }
        for (Func f : {a.lmax, a.lsum}) {
            f.gpu_single_thread();
            f.update().gpu_single_thread();
        }
        a.out.gpu_tile(a.c, a.b, xo, yo, xi, yi, 16, 1, gd);
    }
    // @end
    return a.kernel();
}
