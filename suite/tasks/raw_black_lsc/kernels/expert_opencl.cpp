// Expert opencl schedule for `raw_black_lsc`: one small kernel interpolates the four gain planes
// at half resolution (8-cell float8 vectors per work-item, channels unrolled); the main kernel
// walks 2x2 cells: each work-item does 8 cells of a cell row (x and y split by 2, the CFA phase
// unrolled so each store's channel is constant), lin inlined, float8 vector math, work-groups of
// 8x4.
// Rows at least 8 cells wide shift their last vector inwards, so every vector is whole (OpenCL C
// has no masked vector loads); narrower ones take one element per work-item.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = 8;
    Var xq{"xq"}, xp{"xp"}, yq{"yq"}, yp{"yp"}, xo{"xo"}, yo{"yo"}, xi{"xi"}, yi{"yi"}, xv{"xv"};
    // @layer compute
    a.gain.compute_root();
    // @layer loops
    a.gain.bound(a.ch, 0, 4)
        .split(a.i, a.i, xv, vec, TailStrategy::RoundUp)
        .reorder(xv, a.ch, a.i, a.j)
        .gpu_tile(a.i, a.j, xo, yo, xi, yi, 8, 4, TailStrategy::GuardWithIf);
    Stage wide = a.out.specialize(a.out.output_buffer().dim(0).extent() >= 2 * vec);
    wide.split(a.y, yq, yp, 2, TailStrategy::RoundUp)
        .split(a.x, xq, xp, 2, TailStrategy::RoundUp)
        .split(xq, xq, xv, vec, TailStrategy::ShiftInwards)
        .reorder(xp, xv, yp, xq, yq)
        .gpu_tile(xq, yq, xo, yo, xi, yi, 8, 4, TailStrategy::GuardWithIf);
    a.out.gpu_tile(a.x, a.y, xo, yo, xi, yi, 8, 4, TailStrategy::GuardWithIf);
    // @layer vector
    a.gain.vectorize(xv).unroll(a.ch);
    wide.vectorize(xv).unroll(xp).unroll(yp);
    // @end
    return a.kernel();
}
