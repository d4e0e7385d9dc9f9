// Expert opencl schedule for `conv3d_3x3x3`: the padded input is built once by its own kernel;
// the output runs as 4x4x4-thread work-groups over (8-pixel vectors, 4-row groups, frames x
// output channels). Each thread accumulates an 8-wide x 4-row block of one output channel in
// vector registers across all input channels and the 27 unrolled taps.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = 8, rows = 4;
    Var xo{"xo"}, xi{"xi"}, yo{"yo"}, yi{"yi"}, zo{"zo"}, zi{"zi"}, xv{"xv"}, yv{"yv"}, zc{"zc"};
    // @layer compute
    a.padded.compute_root();
    // @layer loops
    a.padded.gpu_tile(a.x, a.y, a.z, xo, yo, zo, xi, yi, zi, 16, 4, 4, TailStrategy::GuardWithIf);
    a.output.split(a.x, a.x, xv, vec, TailStrategy::GuardWithIf)
        .split(a.y, a.y, yv, rows, TailStrategy::GuardWithIf)
        .reorder(xv, yv, a.x, a.y, a.z, a.c, a.n)
        .fuse(a.z, a.c, zc)
        .gpu_tile(a.x, a.y, zc, xo, yo, zo, xi, yi, zi, 4, 4, 4, TailStrategy::GuardWithIf);
    // @layer memory
    // A full vec x rows block even at the right and bottom edges, so it stays in registers:
    // the extra columns and rows read padded (defined everywhere) and are never stored.
    a.conv.compute_at(a.output, xi).store_in(MemoryType::Register)
        .bound_extent(a.x, vec).bound_extent(a.y, rows).bound_extent(a.z, 1);  // one frame (z is fused)
    // @layer vector
    a.output.vectorize(xv).unroll(yv);
    a.conv.vectorize(a.x).unroll(a.y);
    a.conv.update()
        .reorder(a.x, a.y, a.r.y, a.r.z, a.r.w, a.r.x, a.z, a.c, a.n)
        .vectorize(a.x).unroll(a.y).unroll(a.r.y).unroll(a.r.z).unroll(a.r.w);
    // @end
    return a.kernel();
}
