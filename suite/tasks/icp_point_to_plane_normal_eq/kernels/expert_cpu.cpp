// Expert cpu schedule for `icp_point_to_plane_normal_eq`: both sums are split into chunks of
// 2048 correspondences, and each chunk into vector lanes, with rfactor: partial sums
// hp(j, i, chunk, lane) and gp(i, chunk, lane). Chunks run in parallel. The Jacobian
// rows and residuals are computed first as vectors into planar buffers (correspondence-major,
// so lanes are dense; they feed both sums), then each step of the reduction loads one
// vector of each of the 6 Jacobian rows and accumulates the 36 + 6 products into vector
// registers (i, j unrolled). The final sums over chunks and lanes are tiny.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    const int chunk = 2048;
    RVar ro{"ro"}, ri{"ri"}, rv{"rv"};
    Var u{"u"}, v{"v"}, no{"no"};
    // @layer compute
    a.src.dim(0).set_bounds(0, 3).dim(1).set_stride(3);
    a.dst.dim(0).set_bounds(0, 3).dim(1).set_stride(3);
    a.nrm.dim(0).set_bounds(0, 3).dim(1).set_stride(3);
    Func hp = a.hsum.update().split(a.r.x, ro, ri, chunk).split(ri, ri, rv, vec).rfactor({{ro, u}, {rv, v}});
    Func gp = a.gsum.update().split(a.r.x, ro, ri, chunk).split(ri, ri, rv, vec).rfactor({{ro, u}, {rv, v}});
    hp.compute_root();
    gp.compute_root();
    a.hsum.compute_root();
    a.gsum.compute_root();
    // unit is inlined.
    // @layer loops
    hp.bound(a.j, 0, 6).bound(a.i, 0, 6);
    gp.bound(a.i, 0, 6);
    hp.reorder(v, a.j, a.i, u).parallel(u);
    hp.update().reorder(v, a.j, a.i, ri, u).parallel(u);
    gp.reorder(v, a.i, u).parallel(u);
    gp.update().reorder(v, a.i, ri, u).parallel(u);
    // @layer memory
    // jac feeds both sums, so it is computed once at root (planar: correspondence-major rows),
    // in parallel chunks; res too.
    a.jac.compute_root().bound(a.i, 0, 6).reorder_storage(a.n, a.i).reorder(a.i, a.n)
        .split(a.n, no, a.n, chunk, TailStrategy::GuardWithIf).parallel(no);
    a.res.compute_root().split(a.n, no, a.n, chunk, TailStrategy::GuardWithIf).parallel(no);
    // @layer vector
    hp.vectorize(v).unroll(a.j).unroll(a.i);
    hp.update().vectorize(v).unroll(a.j).unroll(a.i);
    gp.vectorize(v).unroll(a.i);
    gp.update().vectorize(v).unroll(a.i);
    a.jac.vectorize(a.n, vec, TailStrategy::GuardWithIf).unroll(a.i);
    a.res.vectorize(a.n, vec, TailStrategy::GuardWithIf);
    // @end
    return a.kernel();
}
