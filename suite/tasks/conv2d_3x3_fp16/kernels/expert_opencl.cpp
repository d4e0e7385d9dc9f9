// Expert opencl schedule for `conv2d_3x3_fp16`: the padded input is built once by its own kernel;
// the output runs as 4x4x4-thread work-groups over (8-pixel vectors, 4-row groups, output
// channels). Each thread accumulates an 8-wide x 4-row block of one output channel in
// vector registers across all input channels and the 9 unrolled taps.
// float16 variant of `conv2d_3x3` with its schedule: the OpenCL C uses `half` loads and stores through\n// cl_khr_fp16 (ekb-gen adds Halide's cl_half feature for float16 tasks), arithmetic in float.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = 8, rows = 4;
    Var xo{"xo"}, xi{"xi"}, yo{"yo"}, yi{"yi"}, co{"co"}, ci{"ci"}, xv{"xv"}, yv{"yv"};
    // @layer compute
    a.padded.compute_root();
    // @layer loops
    a.padded.gpu_tile(a.x, a.y, a.c, xo, yo, co, xi, yi, ci, 16, 4, 4, TailStrategy::GuardWithIf);
    a.output.split(a.x, a.x, xv, vec, TailStrategy::GuardWithIf)
        .split(a.y, a.y, yv, rows, TailStrategy::GuardWithIf)
        .reorder(xv, yv, a.x, a.y, a.c, a.n)
        .gpu_tile(a.x, a.y, a.c, xo, yo, co, xi, yi, ci, 4, 4, 4, TailStrategy::GuardWithIf);
    // @layer memory
    // A full vec x rows block even at the right and bottom edges, so it stays in registers:
    // the extra columns and rows read padded (defined everywhere) and are never stored.
    a.conv.compute_at(a.output, xi).store_in(MemoryType::Register)
        .bound_extent(a.x, vec).bound_extent(a.y, rows);
    // @layer vector
    a.output.vectorize(xv).unroll(yv);
    a.conv.vectorize(a.x).unroll(a.y);
    a.conv.update()
        .reorder(a.x, a.y, a.r.y, a.r.z, a.r.x, a.c, a.n)
        .vectorize(a.x).unroll(a.y).unroll(a.r.y).unroll(a.r.z);
    // @end
    return a.kernel();
}
