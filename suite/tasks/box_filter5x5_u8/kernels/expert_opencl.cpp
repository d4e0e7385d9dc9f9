// Expert opencl schedule for `box_filter5x5_u8`: three kernels of 16-wide ushort vectors. The
// clamp-to-edge copy is made once (so the sums read without per-lane clamps); the row-sum pass
// reads it as five shifted vectors; the column pass gives each work-item a 16-wide x 4-row
// block of the output, computed in registers from the 8 rows of sum_x it needs. Work-groups
// are 8x4 work-items of these blocks. The intermediate stages round their extent up to whole
// vectors (they are defined everywhere), so only the final stores are guarded.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = 16, rows = 4;
    Var xo{"xo"}, xi{"xi"}, yo{"yo"}, yi{"yi"}, xv{"xv"}, yv{"yv"};
    // @layer compute
    a.clamped.compute_root();
    a.sum_x.compute_root();
    // @layer loops
    a.clamped.split(a.x, a.x, xv, vec, TailStrategy::RoundUp)
        .gpu_tile(a.x, a.y, xo, yo, xi, yi, 8, 4, TailStrategy::GuardWithIf);
    a.sum_x.split(a.x, a.x, xv, vec, TailStrategy::RoundUp)
        .gpu_tile(a.x, a.y, xo, yo, xi, yi, 8, 4, TailStrategy::GuardWithIf);
    a.out.split(a.x, a.x, xv, vec, TailStrategy::GuardWithIf)
        .split(a.y, a.y, yv, rows, TailStrategy::GuardWithIf)
        .reorder(xv, yv, a.x, a.y)
        .gpu_tile(a.x, a.y, xo, yo, xi, yi, 8, 4, TailStrategy::GuardWithIf);
    // @layer memory
    // A full vec x rows block even at the right and bottom edges, so it stays in registers.
    a.sum_y.compute_at(a.out, xi).store_in(MemoryType::Register)
        .bound_extent(a.x, vec).bound_extent(a.y, rows);
    // @layer vector
    a.clamped.vectorize(xv);
    a.sum_x.vectorize(xv);
    a.sum_y.vectorize(a.x).unroll(a.y);
    a.out.vectorize(xv).unroll(yv);
    // @end
    return a.kernel();
}
