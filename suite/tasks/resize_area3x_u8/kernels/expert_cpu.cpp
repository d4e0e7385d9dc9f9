// Expert cpu schedule for `resize_area3x_u8`: parallel over strips of 8 output rows. Per
// output row, the 3-row sums of its 3 input rows go into a planar uint16 row buffer (channels
// unrolled, the packed stride-3 bytes read as dense loads plus shuffles); the column sums and
// the division by 9 (a multiply-high) then read that buffer with stride 3 and write the packed
// output (channels unrolled: an interleaving store). Vectors of natural uint16 width. The
// tensors are dense (strides declared below).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(UInt(16));
    Var jo{"jo"}, ji{"ji"};
    // @layer compute
    a.img.dim(0).set_bounds(0, 3).set_stride(1).dim(1).set_stride(3);
    a.out.output_buffer().dim(0).set_bounds(0, 3).set_stride(1).dim(1).set_stride(3);
    // @layer loops
    a.out.bound(a.c, 0, 3)
        .reorder(a.c, a.i, a.j)
        .split(a.j, jo, ji, 8, TailStrategy::GuardWithIf)
        .parallel(jo);
    a.rows3.bound(a.c, 0, 3).reorder(a.c, a.x, a.j);
    // @layer memory
    a.rows3.compute_at(a.out, ji).reorder_storage(a.x, a.c, a.j);
    // @layer vector
    a.rows3.vectorize(a.x, vec, TailStrategy::GuardWithIf).unroll(a.c);
    a.out.vectorize(a.i, vec, TailStrategy::GuardWithIf).unroll(a.c);
    // @end
    return a.kernel();
}
