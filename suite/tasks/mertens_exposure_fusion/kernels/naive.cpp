// Naive schedule for `mertens_exposure_fusion`: every stage at root, serial and scalar on CPU;
// one default GPU tile per stage (and per update) on GPU backends. Also the task's trusted
// reference (built for cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    std::vector<Func> all = {a.gray, a.contrast, a.sat, a.wellexp, a.w, a.wsum, a.wn};
    for (auto *v : {&a.gi, &a.gi_x, &a.gw, &a.gw_x, &a.upi_x, &a.upi, &a.fused, &a.col_x, &a.colup, &a.col}) {
        for (Func f : *v) {
            if (f.defined()) all.push_back(f);
        }
    }
    // @layer compute
    for (Func f : all) f.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var xo, yo, xi, yi;
        for (Func f : all) {
            f.gpu_tile(a.x, a.y, xo, yo, xi, yi, 16, 16, TailStrategy::GuardWithIf);
            if (f.has_update_definition()) {
                f.update().gpu_tile(a.x, a.y, xo, yo, xi, yi, 16, 16, TailStrategy::GuardWithIf);
            }
        }
        a.out.gpu_tile(a.x, a.y, xo, yo, xi, yi, 16, 16, TailStrategy::GuardWithIf);
    }
    // @end
    return a.kernel();
}
