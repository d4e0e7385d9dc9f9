// Expert cpu schedule for `nn_preprocess_u8`: the column taps and weights are tabulated once
// (224 entries each). The 224 output rows run in parallel (strips of 4); for each output row
// the horizontal pass is computed for just the two input rows it blends, for all three
// channels (vectorized along x: the packed bytes are gathered), then the vertical lerp and the
// normalization write the three planes (c unrolled, so mean and std are constants).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    Var yo{"yo"}, yi{"yi"};
    // @layer compute
    a.img.dim(0).set_bounds(0, 3).set_stride(1).dim(1).set_stride(3);
    a.x0.compute_root();
    a.lx.compute_root();
    // y0 and ly are inlined.
    // @layer loops
    a.out.bound(a.c, 0, 3).bound(a.x, 0, 224).bound(a.y, 0, 224)
        .reorder(a.x, a.c, a.y)
        .split(a.y, yo, yi, 4)
        .parallel(yo);
    a.resize_x.reorder(a.x, a.c, a.iy);
    // @layer memory
    a.resize_x.compute_at(a.out, yi);
    // @layer vector
    a.out.vectorize(a.x, vec).unroll(a.c);
    a.resize_x.vectorize(a.x, vec).unroll(a.c);
    a.x0.vectorize(a.x, vec);
    a.lx.vectorize(a.x, vec);
    // @end
    return a.kernel();
}
