// Expert opencl schedule for `maxpool2d_3x3_s2_fp16`: one kernel. The output runs as 4x4x4
// work-groups over (8-pixel vectors, rows, channels); each work-item keeps an 8-wide vector
// of running maxima in registers across the 9 unrolled taps, and the -inf border is a select
// inlined in the taps (no padded copy of the input is written).
// float16 variant of `maxpool2d_3x3_s2` with its schedule: the OpenCL C uses `half` loads and stores through\n// cl_khr_fp16 (ekb-gen adds Halide's cl_half feature for float16 tasks), arithmetic in float.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = 8;
    Var xo{"xo"}, xi{"xi"}, yo{"yo"}, yi{"yi"}, co{"co"}, ci{"ci"}, xv{"xv"};
    // @layer compute
    // padded is inlined into the taps.
    // @layer loops
    a.output.split(a.x, a.x, xv, vec, TailStrategy::GuardWithIf)
        .reorder(xv, a.x, a.y, a.c, a.n)
        .gpu_tile(a.x, a.y, a.c, xo, yo, co, xi, yi, ci, 4, 4, 4, TailStrategy::GuardWithIf);
    // @layer memory
    // A full vector even at the right edge, so it stays in registers: the extra columns read
    // padded (defined everywhere) and are never stored.
    a.pool.compute_at(a.output, xi).store_in(MemoryType::Register).bound_extent(a.x, vec);
    // @layer vector
    a.output.vectorize(xv);
    a.pool.vectorize(a.x);
    a.pool.update()
        .reorder(a.x, a.y, a.r.x, a.r.y, a.c, a.n)
        .vectorize(a.x).unroll(a.r.x).unroll(a.r.y);
    // @end
    return a.kernel();
}
