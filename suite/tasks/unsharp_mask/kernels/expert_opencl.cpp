// Expert opencl schedule for `unsharp_mask`: three kernels of 8-wide vectors. The
// clamp-to-edge copy is made once (so the blurs read without per-lane clamps); the horizontal
// pass reads it as five shifted float8 vectors; the last kernel gives each work-item an
// 8-wide x 4-row block of the output: the vertical pass in registers from the 8 rows of
// blur_x it needs (each loaded once for 4 outputs), then the sharpening and the clamp fused
// into the store. Work-groups are 8x4 work-items of these blocks. The intermediate stages
// round their extent up to whole vectors (they are defined everywhere), so only the final
// stores are guarded; they are unrolled rather than vectorized, because the guarded vector
// load of img in the sharpening (a masked load) has no OpenCL codegen in Halide 14.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = 8, rows = 4;
    Var xo{"xo"}, xi{"xi"}, yo{"yo"}, yi{"yi"}, xv{"xv"}, yv{"yv"};
    // @layer compute
    // sharp is inlined into out; blur_y is a register block of each work-item (below).
    a.clamped.compute_root();
    a.blur_x.compute_root();
    // @layer loops
    a.clamped.split(a.x, a.x, xv, vec, TailStrategy::RoundUp)
        .gpu_tile(a.x, a.y, xo, yo, xi, yi, 8, 4, TailStrategy::GuardWithIf);
    a.blur_x.split(a.x, a.x, xv, vec, TailStrategy::RoundUp)
        .gpu_tile(a.x, a.y, xo, yo, xi, yi, 8, 4, TailStrategy::GuardWithIf);
    a.out.split(a.x, a.x, xv, vec, TailStrategy::GuardWithIf)
        .split(a.y, a.y, yv, rows, TailStrategy::GuardWithIf)
        .reorder(xv, yv, a.x, a.y, a.c)
        .gpu_tile(a.x, a.y, xo, yo, xi, yi, 8, 4, TailStrategy::GuardWithIf);
    // @layer memory
    // A full vec x rows block even at the right and bottom edges, so it stays in registers:
    // the extra columns and rows read blur_x (computed there too) and are never stored.
    a.blur_y.compute_at(a.out, xi).store_in(MemoryType::Register)
        .bound_extent(a.x, vec).bound_extent(a.y, rows);
    // @layer vector
    a.clamped.vectorize(xv);
    a.blur_x.vectorize(xv);
    a.blur_y.vectorize(a.x).unroll(a.y);
    a.out.unroll(xv).unroll(yv);
    // @end
    return a.kernel();
}
