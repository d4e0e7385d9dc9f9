// Expert cpu schedule for `squeeze_excite`: two passes over x, which is all the data, with
// the tiny excite MLP in between.
//   pool: channels in parallel blocks of 8; each channel's plane is summed in one vector of
//         per-lane partial sums (the column reduction split by the natural vector width and
//         rfactored over the lanes), the lanes added at the end;
//   fc1, fc2: GEMVs over weight rows (the reduced dimension is contiguous): each output
//         keeps a vector of per-lane partial sums (rfactor over the lanes), serial, since the
//         whole MLP is a few microseconds; pooled, s1 and gate are inlined into their
//         consumers or computed once per channel;
//   scale: rows of all channels (row and channel fused) in parallel strips, vectorized over
//         columns, the last vector of a row shifted inwards where the row holds one (no
//         masked tail), guarded only for rows narrower than a vector.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    const Expr W = a.x.dim(0).extent();
    Var u{"u"}, cy{"cy"}, cyo{"cyo"}, cyi{"cyi"}, co{"co"}, ci{"ci"};
    RVar rxo{"rxo"}, rxi{"rxi"}, rco{"rco"}, rci{"rci"}, rro{"rro"}, rri{"rri"};
    // The 1x1 weights are dense [R, C, 1, 1] and [C, R, 1, 1] tensors: their reduced dimension
    // (Halide dim 2, after two of extent 1) has stride 1, so a vector of it is one dense load.
    a.w1.dim(2).set_stride(1);
    a.w2.dim(2).set_stride(1);
    // @layer compute
    // pooled is inlined into fc1 and s1 into fc2; gate is computed once per channel (root).
    a.pool_sum.compute_root();
    a.fc1.compute_root();
    a.fc2.compute_root();
    a.gate.compute_root();
    // Per-lane partial sums of the three reductions (rfactor over the vector lanes).
    Func pool_lanes = a.pool_sum.update()
                          .split(a.rxy.x, rxo, rxi, vec, TailStrategy::GuardWithIf)
                          .rfactor(rxi, u);
    Func fc1_lanes = a.fc1.update().split(a.rc, rco, rci, vec, TailStrategy::GuardWithIf).rfactor(rci, u);
    Func fc2_lanes = a.fc2.update().split(a.rr, rro, rri, vec, TailStrategy::GuardWithIf).rfactor(rri, u);
    // @layer loops
    a.pool_sum.update().split(a.c, co, ci, 8, TailStrategy::GuardWithIf).parallel(co);
    a.y.fuse(a.row, a.c, cy).split(cy, cyo, cyi, 32, TailStrategy::GuardWithIf).parallel(cyo);
    // @layer memory
    pool_lanes.compute_at(a.pool_sum, ci);
    fc1_lanes.compute_at(a.fc1, a.c);
    fc2_lanes.compute_at(a.fc2, a.c);
    // @layer vector
    for (Func f : {pool_lanes, fc1_lanes, fc2_lanes}) {
        f.vectorize(u);
        f.update().vectorize(u);
    }
    a.gate.vectorize(a.c, vec, TailStrategy::GuardWithIf);
    a.y.specialize(W >= vec).vectorize(a.col, vec, TailStrategy::ShiftInwards);
    a.y.vectorize(a.col, vec, TailStrategy::GuardWithIf);
    // @end
    return a.kernel();
}
