// Expert opencl schedule for `icp_point_to_plane_normal_eq`: the Jacobian rows and residuals in
// one kernel (one thread per correspondence, work-groups of 128); then both sums rfactored over
// chunks of 256 correspondences: one work-group per chunk, 36 (or 6) work-items, each accumulating
// one entry over the chunk in a register; finally one small kernel sums the chunks per entry.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    RVar ro{"ro"}, ri{"ri"};
    Var u{"u"}, no{"no"}, ni{"ni"}, io{"io"}, ii{"ii"}, jo{"jo"}, ji{"ji"};
    // @layer compute
    a.src.dim(0).set_bounds(0, 3).dim(1).set_stride(3);
    a.dst.dim(0).set_bounds(0, 3).dim(1).set_stride(3);
    a.nrm.dim(0).set_bounds(0, 3).dim(1).set_stride(3);
    Func hp = a.hsum.update().split(a.r.x, ro, ri, 256).rfactor(ro, u);
    Func gp = a.gsum.update().split(a.r.x, ro, ri, 256).rfactor(ro, u);
    for (Func f : {a.jac, a.res, hp, gp, a.hsum, a.gsum}) f.compute_root();
    // @layer loops
    a.jac.bound(a.i, 0, 6).reorder_storage(a.n, a.i).reorder(a.i, a.n)
        .gpu_tile(a.n, no, ni, 128, TailStrategy::GuardWithIf).unroll(a.i);
    a.res.gpu_tile(a.n, no, ni, 128, TailStrategy::GuardWithIf);
    hp.bound(a.j, 0, 6).bound(a.i, 0, 6).reorder(a.j, a.i, u).gpu_blocks(u).gpu_threads(a.j, a.i);
    hp.update().reorder(ri, a.j, a.i, u).gpu_blocks(u).gpu_threads(a.j, a.i);
    gp.bound(a.i, 0, 6).reorder(a.i, u).gpu_blocks(u).gpu_threads(a.i);
    gp.update().reorder(ri, a.i, u).gpu_blocks(u).gpu_threads(a.i);
    a.hsum.gpu_tile(a.j, a.i, jo, io, ji, ii, 6, 6, TailStrategy::GuardWithIf);
    a.hsum.update().gpu_tile(a.j, a.i, jo, io, ji, ii, 6, 6, TailStrategy::GuardWithIf);
    a.gsum.gpu_tile(a.i, io, ii, 6, TailStrategy::GuardWithIf);
    a.gsum.update().gpu_tile(a.i, io, ii, 6, TailStrategy::GuardWithIf);
    a.H.gpu_tile(a.j, a.i, jo, io, ji, ii, 6, 6, TailStrategy::GuardWithIf);
    a.g.gpu_tile(a.i, io, ii, 6, TailStrategy::GuardWithIf);
    // @end
    return a.kernel();
}
