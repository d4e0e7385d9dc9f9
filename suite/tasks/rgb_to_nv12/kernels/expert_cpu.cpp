// Expert cpu schedule for `rgb_to_nv12`: the two outputs in one parallel loop over strips of
// 8 chroma rows (16 luma rows): per strip the luma rows are computed, then the chroma rows.
// Both are vectorized along x with the packed RGB channels unrolled (the stride-3 loads become
// dense loads plus shuffles), the 2x2 means inlined and U, V written interleaved (k unrolled).
// The tensors are dense (strides declared below); luma math in int16 would overflow, so the
// vectors are int32 lanes.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Int(32));
    Var jo{"jo"}, ji{"ji"}, ro{"ro"}, ri{"ri"};
    // @layer compute
    a.rgb.dim(0).set_bounds(0, 3).set_stride(1).dim(1).set_stride(3);
    a.uv_out.output_buffer().dim(0).set_bounds(0, 2).set_stride(1).dim(1).set_stride(2);
    // px and mean2x2 are inlined.
    // @layer loops
    a.uv_out.bound(a.k, 0, 2)
        .split(a.j, jo, ji, 8, TailStrategy::GuardWithIf)
        .reorder(a.k, a.i, ji, jo)
        .parallel(jo);
    a.y_out.split(a.row, ro, ri, 16, TailStrategy::GuardWithIf).parallel(ro);
    // @layer vector
    a.uv_out.vectorize(a.i, vec, TailStrategy::GuardWithIf).unroll(a.k);
    a.y_out.vectorize(a.x, 2 * vec, TailStrategy::GuardWithIf);
    // @end
    return a.kernel();
}
