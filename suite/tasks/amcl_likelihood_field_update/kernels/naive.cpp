// Naive schedule for `amcl_likelihood_field_update`: every stage at root, serial and scalar
// on CPU; one default GPU tile per stage on GPU backends (the normalizing sum on one GPU
// thread). Also the task's trusted reference (cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // @layer compute
    for (Func f : {a.ca, a.sa, a.pz, a.lik, a.w, a.total}) f.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var xo, yo, xi, yi;
        const TailStrategy gd = TailStrategy::GuardWithIf;
        for (Func f : {a.ca, a.sa, a.pz}) f.gpu_tile(a.b, a.i, xo, yo, xi, yi, 16, 16, gd);
        for (Func f : {a.lik, a.w, a.out}) f.gpu_tile(a.i, xo, xi, 64, gd);
        a.lik.update().gpu_tile(a.i, xo, xi, 64, gd);
        a.total.gpu_single_thread();
        a.total.update().gpu_single_thread();
    }
    // @end
    return a.kernel();
}
