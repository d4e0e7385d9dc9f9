// Expert cpu schedule for `depth_to_points`: one pass (z inlined), parallel over strips of 8
// rows, vectorized along u over natural float vectors with the 3 coordinates unrolled, so each
// select folds to its formula and the [H, W, 3] output is written as an interleave of three
// vectors (dense strides declared below).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    Var vo{"vo"}, vi{"vi"};
    // @layer compute
    a.points.output_buffer().dim(0).set_bounds(0, 3).set_stride(1).dim(1).set_stride(3);
    // @layer loops
    a.points.bound(a.k, 0, 3).reorder(a.k, a.u, a.v)
        .split(a.v, vo, vi, 8, TailStrategy::GuardWithIf).parallel(vo);
    // @layer vector
    a.points.vectorize(a.u, vec, TailStrategy::GuardWithIf).unroll(a.k);
    // @end
    return a.kernel();
}
