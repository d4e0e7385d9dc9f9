// Naive schedule for `particle_filter_resample`: every stage at root, serial and scalar on
// CPU; one default GPU tile per stage on GPU backends (the minimum and the prefix sum,
// serial reductions, one GPU thread). Also the task's trusted reference (built for cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // @layer compute
    for (Func f : {a.cell, a.score, a.smin, a.w, a.cum, a.pos, a.bs}) f.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var xo, yo, xi, yi;
        const TailStrategy g = TailStrategy::GuardWithIf;
        a.cell.gpu_tile(a.i, xo, xi, 16, g);
        a.score.gpu_tile(a.i, xo, xi, 16, g);
        a.score.update().gpu_tile(a.i, xo, xi, 16, g);
        a.smin.gpu_single_thread();
        a.smin.update().gpu_single_thread();
        a.w.gpu_tile(a.i, xo, xi, 16, g);
        a.cum.gpu_tile(a.i, xo, xi, 16, g);
        a.cum.update().gpu_single_thread();
        a.pos.gpu_tile(a.j, xo, xi, 16, g);
        a.bs.gpu_tile(a.j, xo, xi, 16, g);
        a.bs.update().gpu_tile(a.j, xo, xi, 16, g);
        a.new_particles.gpu_tile(a.c, a.j, xo, yo, xi, yi, 4, 16, g);
        a.idx.gpu_tile(a.j, xo, xi, 16, g);
        a.weights.gpu_tile(a.i, xo, xi, 16, g);
    }
    // @end
    return a.kernel();
}
