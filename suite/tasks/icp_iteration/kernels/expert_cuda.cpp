// Expert cuda schedule for `icp_iteration`: the transform is one thread per point, written
// structure-of-arrays; the correspondence search one thread per source point, 64 per block,
// keeping its running (index, distance) argmin in registers over all Q targets (every thread
// of a block reads the same target point at the same time: one broadcast load). The
// centroid and covariance sums are two-level reductions: partial sums over chunks of 64
// matched pairs, one thread per chunk (rfactor), then one thread per output folds the chunks.
// Tails GuardWithIf.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const TailStrategy guard = TailStrategy::GuardWithIf;
    Var po{"po"}, pi{"pi"}, xo{"xo"}, yo{"yo"}, xi{"xi"}, yi{"yi"}, u{"u"}, uo{"uo"}, ui{"ui"};
    RVar co{"co"}, ci{"ci"}, so{"so"}, si{"si"};
    // @layer compute
    a.x.compute_root().reorder_storage(a.p, a.i).reorder(a.p, a.i).gpu_tile(a.p, po, pi, 64, guard);
    a.nn.compute_at(a.corr, pi);
    a.cent.compute_root().gpu_tile(a.i, a.w, xo, yo, xi, yi, 4, 2, guard);
    a.csum.compute_root();
    // @layer loops
    a.corr.gpu_tile(a.p, po, pi, 64, guard);
    Func sp = a.csum.update().split(a.rp.x, so, si, 64, guard).rfactor(so, u);
    sp.compute_root().reorder(u, a.i, a.w).gpu_tile(u, uo, ui, 32, guard);
    sp.update().reorder(u, a.i, a.w).gpu_tile(u, uo, ui, 32, guard);
    a.csum.gpu_tile(a.i, a.w, xo, yo, xi, yi, 4, 2, guard);
    a.csum.update().gpu_tile(a.i, a.w, xo, yo, xi, yi, 4, 2, guard);
    Func cp = a.cov.update().split(a.rp.x, co, ci, 64, guard).rfactor(co, u);
    cp.compute_root().reorder(u, a.j, a.i).gpu_tile(u, uo, ui, 32, guard);
    cp.update().reorder(u, a.j, a.i).gpu_tile(u, uo, ui, 32, guard);
    a.cov.gpu_tile(a.j, a.i, xo, yo, xi, yi, 4, 4, guard);
    a.cov.update().gpu_tile(a.j, a.i, xo, yo, xi, yi, 4, 4, guard);
    // @end
    return a.kernel();
}
