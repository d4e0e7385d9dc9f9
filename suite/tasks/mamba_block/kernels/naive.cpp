// Naive schedule for `mamba_block`: every stage at root, serial and scalar on CPU; one
// default GPU tile per stage on GPU backends (the scan's update one GPU thread per (e, n)
// chain over the tokens). Also the task's trusted reference (built for cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    std::vector<Func> two_d = {a.rms, a.hn, a.xz_dot, a.u, a.dbc_dot, a.dt_dot, a.dt, a.A, a.yc, a.y, a.out_dot};
    // @layer compute
    a.ss.compute_root();
    for (Func f : two_d) f.compute_root();
    a.s.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var xo, yo, xi, yi, zo, zi;
        const TailStrategy g = TailStrategy::GuardWithIf;
        a.ss.gpu_tile(a.t, xo, xi, 16, g);
        a.ss.update().gpu_tile(a.t, xo, xi, 16, g);
        a.rms.gpu_tile(a.t, xo, xi, 16, g);
        for (Func f : two_d) {
            if (f.name() == "rms") continue;
            Var v0 = f.args()[0], v1 = f.args()[1];
            f.gpu_tile(v0, v1, xo, yo, xi, yi, 16, 16, g);
            if (f.has_update_definition()) f.update().gpu_tile(v0, v1, xo, yo, xi, yi, 16, 16, g);
        }
        a.s.gpu_tile(a.c, a.n, xo, yo, xi, yi, 16, 16, g);
        a.s.update().gpu_tile(a.c, a.n, xo, yo, xi, yi, 16, 16, g);
        a.out.gpu_tile(a.c, a.t, xo, yo, xi, yi, 16, 16, g);
    }
    // @end
    return a.kernel();
}
