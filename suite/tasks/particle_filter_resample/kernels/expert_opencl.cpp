// Expert opencl schedule for `particle_filter_resample`: the measurement update one work-item per
// particle, 64 per work-group, looping over the beams with the score in a register (the field
// reads are scattered: the cached gather path); the minimum score is a two-level reduction
// (64-particle chunks in parallel, then one work-item over the chunks); the prefix sum one
// work-item (a serial scan of P <= a few thousand int32 adds; a multi-pass parallel scan does
// not pay at this size); the binary searches one work-item per resampling position, 64 per work-group;
// the gathers one work-item per element. Tails GuardWithIf.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const TailStrategy guard = TailStrategy::GuardWithIf;
    Var xo{"xo"}, yo{"yo"}, xi{"xi"}, yi{"yi"}, u{"u"}, uo{"uo"}, ui{"ui"};
    RVar ro{"ro"}, rin{"rin"};
    // @layer compute
    for (Func f : {a.score, a.smin, a.cum, a.bs}) f.compute_root();
    // @layer loops
    a.score.gpu_tile(a.i, xo, xi, 64, guard);
    a.cell.compute_at(a.score, xi);
    a.score.update().gpu_tile(a.i, xo, xi, 64, guard);
    Func part = a.smin.update().split(a.rp.x, ro, rin, 64, guard).rfactor(ro, u);
    part.compute_root().gpu_tile(u, uo, ui, 64, guard);
    part.update().gpu_tile(u, uo, ui, 64, guard);
    a.smin.gpu_single_thread();
    a.smin.update().gpu_single_thread();
    a.cum.gpu_tile(a.i, xo, xi, 64, guard);
    a.cum.update().gpu_single_thread();
    a.bs.gpu_tile(a.j, xo, xi, 64, guard);
    a.bs.update().gpu_tile(a.j, xo, xi, 64, guard);
    // @layer vector
    a.idx.gpu_tile(a.j, xo, xi, 64, guard);
    a.weights.gpu_tile(a.i, xo, xi, 64, guard);
    a.new_particles.gpu_tile(a.c, a.j, xo, yo, xi, yi, 4, 32, guard);
    // @end
    return a.kernel();
}
