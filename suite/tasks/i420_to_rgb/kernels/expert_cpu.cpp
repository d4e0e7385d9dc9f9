// Expert cpu schedule for `i420_to_rgb`: one pass (luma inlined), parallel over strips of 16
// rows, vectorized along x over natural int32 vectors with the three channels unrolled, so
// each select folds to its own formula and the packed RGB is stored as an interleave of three
// vectors. The output is dense (strides declared below).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Int(32));
    Var ro{"ro"}, ri{"ri"};
    // @layer compute
    a.rgb_out.output_buffer().dim(0).set_bounds(0, 3).set_stride(1).dim(1).set_stride(3);
    // @layer loops
    a.rgb_out.bound(a.c, 0, 3)
        .reorder(a.c, a.x, a.row)
        .split(a.row, ro, ri, 16, TailStrategy::GuardWithIf)
        .parallel(ro);
    // @layer vector
    a.rgb_out.vectorize(a.x, 2 * vec, TailStrategy::GuardWithIf).unroll(a.c);
    // @end
    return a.kernel();
}
