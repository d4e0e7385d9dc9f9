// Expert opencl schedule for `depthwise_conv3x3_int8`: the padded int8 input is built once by
// its own kernel; the output runs as 16x4x4-thread work-groups over (columns, 4-row groups,
// channels). Each thread accumulates a column of 4 rows of one channel in int32 registers
// across the 9 unrolled taps (neighbouring rows share input rows), then requantizes them into
// the int8 store. Neighbouring work-items read neighbouring pixels in lock-step, which OpenCL
// CPU drivers such as PoCL vectorize across the work-group.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int rows = 4;
    Var xo{"xo"}, xi{"xi"}, yo{"yo"}, yi{"yi"}, co{"co"}, ci{"ci"}, yv{"yv"};
    // @layer compute
    a.padded.compute_root();
    // @layer loops
    a.padded.gpu_tile(a.x, a.y, a.c, xo, yo, co, xi, yi, ci, 16, 4, 4, TailStrategy::GuardWithIf);
    a.output.split(a.y, a.y, yv, rows, TailStrategy::GuardWithIf)
        .reorder(yv, a.x, a.y, a.c, a.n)
        .gpu_tile(a.x, a.y, a.c, xo, yo, co, xi, yi, ci, 16, 4, 4, TailStrategy::GuardWithIf);
    // @layer memory
    // A full block of rows even at the bottom edge, so it stays in registers: the extra rows
    // read padded (defined everywhere) and are never stored.
    a.acc.compute_at(a.output, xi).store_in(MemoryType::Register).bound_extent(a.y, rows);
    // @layer vector
    a.output.unroll(yv);
    a.acc.unroll(a.y);
    a.acc.update()
        .reorder(a.y, a.r.x, a.r.y, a.x, a.c, a.n)
        .unroll(a.y).unroll(a.r.x).unroll(a.r.y);
    // @end
    return a.kernel();
}
