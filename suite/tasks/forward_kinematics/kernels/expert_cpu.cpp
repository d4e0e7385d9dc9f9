// Expert cpu schedule for `forward_kinematics`: vectorized across configurations. The batch
// is cut into tiles of one vector of configurations, 8 tiles per parallel task. The joint
// cosines and sines are first computed for the whole batch (two parallel passes, stored
// configuration-innermost so each tile reads them as dense vectors; kept as separate passes
// because LLVM merges a sin and a cos of the same value in one block into a sincosf call,
// which the object check rejects). Per tile the four partial products and the pose are each
// a 4x4 matrix of vectors with rows and columns unrolled; the link transforms are inlined,
// so their constant entries (the zeros and the last row) fold away and each product costs
// only its nonzero FMAs. The twists' sines and cosines are 6 scalars computed once.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    Var bo{"bo"}, bi{"bi"}, bp{"bp"};
    // @layer compute
    // link is inlined; the pose is a 4x4 matrix per configuration.
    a.cos_alpha.compute_root();
    a.sin_alpha.compute_root();
    a.pose.bound(a.c, 0, 4).bound(a.r, 0, 4);
    a.q.dim(0).set_bounds(0, 6).dim(1).set_stride(6);  // contiguous [B, 6]
    a.pose.output_buffer().dim(0).set_bounds(0, 4).dim(1).set_bounds(0, 4).set_stride(4).dim(2).set_stride(16);
    // @layer loops
    a.pose.split(a.b, bo, bi, vec, TailStrategy::GuardWithIf)
        .reorder(bi, a.c, a.r, bo)
        .split(bo, bp, bo, 8)
        .parallel(bp);
    // @layer memory
    for (Func f : {a.cos_q, a.sin_q}) {
        f.compute_root()
            .reorder_storage(a.b, a.j)
            .split(a.b, bp, a.b, 8 * vec, TailStrategy::GuardWithIf)
            .reorder(a.b, a.j, bp)
            .parallel(bp);
    }
    for (Func f : a.chain) {
        f.compute_at(a.pose, bo).reorder(a.b, a.c, a.r).reorder_storage(a.b, a.c, a.r);
    }
    // @layer vector
    a.pose.vectorize(bi).unroll(a.c).unroll(a.r);
    a.cos_q.vectorize(a.b, vec, TailStrategy::GuardWithIf);
    a.sin_q.vectorize(a.b, vec, TailStrategy::GuardWithIf);
    for (Func f : a.chain) f.vectorize(a.b, vec, TailStrategy::GuardWithIf).unroll(a.c).unroll(a.r);
    // @end
    return a.kernel();
}
