// Expert opencl schedule for `fastslam_landmark_update`: one work-item per particle computes the
// whole 2x2 update in registers and stores its seven results; the three outputs are written
// one work-item per particle, each work-item writing its particle's 2 mean and 4 covariance entries
// (unrolled). Tails GuardWithIf.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const TailStrategy guard = TailStrategy::GuardWithIf;
    Var xo{"xo"}, xi{"xi"};
    // @layer compute
    a.upd.compute_root();
    // @layer loops
    a.upd.gpu_tile(a.p, xo, xi, 128, guard);
    a.logw.gpu_tile(a.p, xo, xi, 128, guard);
    a.mean.bound(a.j, 0, 2).reorder(a.j, a.p).gpu_tile(a.p, xo, xi, 128, guard).unroll(a.j);
    a.cov.bound(a.j, 0, 2).bound(a.i, 0, 2).reorder(a.j, a.i, a.p).gpu_tile(a.p, xo, xi, 128, guard).unroll(a.j).unroll(a.i);
    // @end
    return a.kernel();
}
