// Naive schedule for `icp_point_to_plane_normal_eq`: every stage at root, serial and scalar on
// CPU; one default GPU tile per stage on GPU backends (each sum one thread per entry,
// looping over the correspondences). Also the task's trusted reference (built for cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // @layer compute
    for (Func f : {a.unit, a.res, a.jac, a.hsum, a.gsum}) f.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var no, ni, io, ii, jo, ji;
        Var k = a.unit.args()[0];
        a.unit.gpu_tile(k, a.n, io, no, ii, ni, 4, 64, TailStrategy::GuardWithIf);
        a.res.gpu_tile(a.n, no, ni, 64, TailStrategy::GuardWithIf);
        a.jac.gpu_tile(a.i, a.n, io, no, ii, ni, 8, 32, TailStrategy::GuardWithIf);
        a.hsum.gpu_tile(a.j, a.i, jo, io, ji, ii, 8, 8, TailStrategy::GuardWithIf);
        a.hsum.update().gpu_tile(a.j, a.i, jo, io, ji, ii, 8, 8, TailStrategy::GuardWithIf);
        a.gsum.gpu_tile(a.i, io, ii, 8, TailStrategy::GuardWithIf);
        a.gsum.update().gpu_tile(a.i, io, ii, 8, TailStrategy::GuardWithIf);
        a.H.gpu_tile(a.j, a.i, jo, io, ji, ii, 8, 8, TailStrategy::GuardWithIf);
        a.g.gpu_tile(a.i, io, ii, 8, TailStrategy::GuardWithIf);
    }
    // @end
    return a.kernel();
}
