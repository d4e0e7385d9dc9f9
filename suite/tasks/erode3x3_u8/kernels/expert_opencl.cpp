// Expert opencl schedule for `erode3x3_u8`: two kernels of 16-wide uchar vectors. The
// clamp-to-edge copy is made once (rounded up to whole vectors), so the mins read without
// per-lane clamps. Each work-item of the second kernel computes a 16-wide x 4-row block of the
// output in registers (horizontal mins of the 6 rows it needs, then vertical mins);
// work-groups are 8x4 of these blocks. The block goes out through a copy stage so that only
// the stores are guarded at the edges.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = 16, rows = 4;
    Var xo{"xo"}, xi{"xi"}, yo{"yo"}, yi{"yi"}, xv{"xv"}, yv{"yv"};
    // @layer compute
    Func result{"result"};  // the returned output: a copy of out, block by block
    result(a.x, a.y) = a.out(a.x, a.y);
    a.clamped.compute_root();
    // @layer loops
    a.clamped.split(a.x, a.x, xv, vec, TailStrategy::RoundUp)
        .gpu_tile(a.x, a.y, xo, yo, xi, yi, 8, 4, TailStrategy::GuardWithIf);
    result.split(a.x, a.x, xv, vec, TailStrategy::GuardWithIf)
        .split(a.y, a.y, yv, rows, TailStrategy::GuardWithIf)
        .reorder(xv, yv, a.x, a.y)
        .gpu_tile(a.x, a.y, xo, yo, xi, yi, 8, 4, TailStrategy::GuardWithIf);
    // @layer memory
    a.out.compute_at(result, xi).store_in(MemoryType::Register)
        .bound_extent(a.x, vec).bound_extent(a.y, rows);
    a.min_x.compute_at(result, xi).store_in(MemoryType::Register)
        .bound_extent(a.x, vec).bound_extent(a.y, rows + 2);
    // @layer vector
    a.clamped.vectorize(xv);
    a.min_x.vectorize(a.x).unroll(a.y);
    a.out.vectorize(a.x).unroll(a.y);
    result.vectorize(xv).unroll(yv);
    // @end
    return {{a.img}, {result}};
}
