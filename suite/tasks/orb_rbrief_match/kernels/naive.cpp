// Naive schedule for `orb_rbrief_match`: every stage at root, serial and scalar on CPU; one
// default GPU tile per stage on GPU backends. Also the task's trusted reference (cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    std::vector<Func> reds = {a.f1.mom, a.f1.bin, a.f2.mom, a.f2.bin, a.best};
    // @layer compute
    for (Func f : reds) f.compute_root();
    for (Func f : {a.f1.box, a.f1.bits, a.f1.desc, a.f2.box, a.f2.bits, a.f2.desc, a.dist}) f.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var xo, yo, xi, yi;
        const TailStrategy gd = TailStrategy::GuardWithIf;
        for (Func f : reds) {
            f.gpu_tile(a.k, xo, xi, 64, gd);
            f.update().gpu_tile(a.k, xo, xi, 64, gd);
        }
        for (Func f : {a.f1.box, a.f2.box}) {
            f.gpu_tile(a.x, a.y, xo, yo, xi, yi, 16, 16, gd);
            f.update().gpu_tile(a.x, a.y, xo, yo, xi, yi, 16, 16, gd);
        }
        for (Func f : {a.f1.bits, a.f2.bits}) f.gpu_tile(a.i, a.k, xo, yo, xi, yi, 16, 16, gd);
        for (Func f : {a.f1.desc, a.f2.desc, a.desc1}) f.gpu_tile(a.j, a.k, xo, yo, xi, yi, 16, 16, gd);
        a.dist.gpu_tile(a.j, a.k, xo, yo, xi, yi, 16, 16, gd);
        a.dist.update().gpu_tile(a.j, a.k, xo, yo, xi, yi, 16, 16, gd);
        for (Func f : {a.match, a.mdist}) f.gpu_tile(a.k, xo, xi, 64, gd);
    }
    // @end
    return a.kernel();
}
