// Naive schedule for `squeezenet_stem_fire`: every stage at root, serial and scalar on CPU;
// one default GPU tile per stage on GPU backends. Also the task's trusted reference (built
// for cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    std::vector<Func> reductions = {a.conv0};
    std::vector<Func> pure = {a.r, a.r_clamped, a.pooled};
    for (task::Fire *f : {&a.fire2, &a.fire3}) {
        for (Func g : {f->squeeze, f->expand1, f->expand3}) reductions.push_back(g);
        for (Func g : {f->s, f->s_padded, f->e1, f->e3, f->out}) pure.push_back(g);
    }
    // @layer compute
    for (Func f : reductions) f.compute_root();
    for (Func f : pure) f.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var xo, yo, co, xi, yi, ci;
        for (Func f : reductions) {
            f.gpu_tile(a.col, a.row, a.c, xo, yo, co, xi, yi, ci, 16, 16, 1, TailStrategy::GuardWithIf);
            f.update().gpu_tile(a.col, a.row, a.c, xo, yo, co, xi, yi, ci, 16, 16, 1, TailStrategy::GuardWithIf);
        }
        pure.push_back(a.y);
        for (Func f : pure) {
            f.gpu_tile(a.col, a.row, a.c, xo, yo, co, xi, yi, ci, 16, 16, 1, TailStrategy::GuardWithIf);
        }
    }
    // @end
    return a.kernel();
}
