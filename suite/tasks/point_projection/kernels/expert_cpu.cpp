// Expert cpu schedule for `point_projection`: one pass over the points per output, in
// parallel chunks of 2048 points, vectorized across points. The camera-frame coordinates are
// inlined (9 FMAs on three stride-3 vector loads of the points, which Halide turns into
// dense loads and shuffles); the two pixel coordinates of a point are unrolled and
// interleaved into one dense store. depth recomputes only q_z. The tensors are contiguous,
// so the point and uv row strides are declared (3 and 2): without them every vector load
// and store of the interleaved layouts is a gather or a scatter.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    const int chunk = 2048;
    Var no{"no"}, ni{"ni"};
    // @layer compute
    // cam is inlined into both outputs; uv always has exactly 2 coordinates.
    a.uv.bound(a.c, 0, 2);
    a.points.dim(0).set_bounds(0, 3).dim(1).set_stride(3);
    a.uv.output_buffer().dim(0).set_bounds(0, 2).dim(1).set_stride(2);
    // @layer loops
    a.uv.reorder(a.c, a.n).split(a.n, no, a.n, chunk, TailStrategy::GuardWithIf).parallel(no);
    a.depth.split(a.n, no, a.n, chunk, TailStrategy::GuardWithIf).parallel(no);
    // @layer vector
    a.uv.vectorize(a.n, vec, TailStrategy::GuardWithIf).unroll(a.c);
    a.depth.vectorize(a.n, vec, TailStrategy::GuardWithIf);
    // @end
    return a.kernel();
}
