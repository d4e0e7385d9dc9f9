// Naive schedule for `rwkv_time_mix`: every stage at root, serial and scalar on CPU; one
// default GPU tile per stage on GPU backends (the WKV scan one GPU thread per channel).
// Also the task's trusted reference (built for cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    std::vector<Func> two_d = {a.xx, a.xs, a.kin, a.vin, a.rin, a.k_dot, a.v_dot, a.r_dot, a.wkv, a.y, a.o_dot};
    // @layer compute
    a.mean.compute_root();
    a.var.compute_root();
    for (Func f : two_d) f.compute_root();
    a.st.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var xo, yo, xi, yi;
        const TailStrategy g = TailStrategy::GuardWithIf;
        for (Func f : {a.mean, a.var}) {
            f.gpu_tile(a.t, xo, xi, 16, g);
            f.update(0).gpu_tile(a.t, xo, xi, 16, g);
        }
        a.mean.update(1).gpu_tile(a.t, xo, xi, 16, g);
        for (Func f : two_d) {
            f.gpu_tile(a.c, a.t, xo, yo, xi, yi, 16, 16, g);
            if (f.has_update_definition()) f.update().gpu_tile(a.c, a.t, xo, yo, xi, yi, 16, 16, g);
        }
        a.st.gpu_tile(a.c, a.t, xo, yo, xi, yi, 16, 16, g);
        a.st.update().gpu_tile(a.c, xo, xi, 16, g);
        a.out.gpu_tile(a.c, a.t, xo, yo, xi, yi, 16, 16, g);
    }
    // @end
    return a.kernel();
}
