// Expert cpu schedule for `kalman_update`: vectorized across trackers, one pass per output
// in parallel chunks of 1024 trackers. Every intermediate stage is inlined into the two
// outputs with the matrix indices unrolled, so F, H, Q, R and the adjugate fold into plain
// FMAs, the shared subexpressions of a vector of trackers (P_pred, S, the gain) are computed
// once in registers, and the 2x2 inverse costs one division per tracker; x_new recomputes
// the few entries of the gain it needs rather than round-tripping them through memory. The
// inputs and outputs are contiguous, so their row strides are declared: the stride-2, 4 and
// 16 vector accesses become dense loads and stores with shuffles.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    const int chunk = 1024;
    Var to{"to"};
    // @layer compute
    // every intermediate stage is inlined into the outputs.
    a.x.dim(0).set_bounds(0, 4).dim(1).set_stride(4);
    a.P.dim(0).set_bounds(0, 4).dim(1).set_bounds(0, 4).set_stride(4).dim(2).set_stride(16);
    a.z.dim(0).set_bounds(0, 2).dim(1).set_stride(2);
    a.x_new.output_buffer().dim(0).set_bounds(0, 4).dim(1).set_stride(4);
    a.P_new.output_buffer().dim(0).set_bounds(0, 4).dim(1).set_bounds(0, 4).set_stride(4).dim(2).set_stride(16);
    // @layer loops
    for (Func f : {a.P_new}) {
        f.reorder(a.t, a.j, a.i).split(a.t, to, a.t, chunk, TailStrategy::GuardWithIf).parallel(to);
    }
    a.x_new.reorder(a.t, a.i).split(a.t, to, a.t, chunk, TailStrategy::GuardWithIf).parallel(to);
    // @layer vector
    for (Func f : {a.P_new}) {
        f.reorder(a.j, a.i, a.t).vectorize(a.t, vec, TailStrategy::GuardWithIf).unroll(a.j).unroll(a.i);
    }
    a.x_new.reorder(a.i, a.t).vectorize(a.t, vec, TailStrategy::GuardWithIf).unroll(a.i);
    // @end
    return a.kernel();
}
