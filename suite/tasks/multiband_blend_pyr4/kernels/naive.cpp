// Naive schedule for `multiband_blend_pyr4`: every stage at root, serial and scalar on CPU;
// one default GPU tile per stage on GPU backends. Also the task's trusted reference (built
// for cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    std::vector<Func> all;
    for (auto *v : {&a.ga, &a.gb, &a.gm, &a.ga_x, &a.gb_x, &a.gm_x, &a.upa_x, &a.upa, &a.upb_x,
                    &a.upb, &a.col_x, &a.colup, &a.blend, &a.col}) {
        for (Func f : *v) {
            if (f.defined()) all.push_back(f);
        }
    }
    // @layer compute
    for (Func f : all) f.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var xo, yo, xi, yi;
        for (Func f : all) f.gpu_tile(a.x, a.y, xo, yo, xi, yi, 16, 16, TailStrategy::GuardWithIf);
        a.out.gpu_tile(a.x, a.y, xo, yo, xi, yi, 16, 16, TailStrategy::GuardWithIf);
    }
    // @end
    return a.kernel();
}
