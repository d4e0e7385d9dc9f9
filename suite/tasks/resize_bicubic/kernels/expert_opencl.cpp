// Expert opencl schedule for `resize_bicubic`: the tap tables (x0, wx per column, y0, wy per
// row) in small kernels; the horizontal pass at root (work-items of 8 output columns as float8
// vectors, gathers of the input row); then the vertical pass, each work-item an 8-wide x
// 4-row block of output in registers. Work-groups of 8x4 work-items. The horizontal pass
// rounds its extent up to whole vectors (its taps are clamped, so it is defined everywhere).
// Rows at least 8 wide shift their last vector inwards, so every vector is whole (OpenCL C
// has no masked vector loads); narrower ones take one element per work-item.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = 8, rows = 4;
    Var xo{"xo"}, xi{"xi"}, yo{"yo"}, yi{"yi"}, xv{"xv"}, yv{"yv"};
    // @layer compute
    for (Func f : {a.x0, a.y0, a.wx, a.wy, a.resize_x}) f.compute_root();
    // @layer loops
    a.x0.gpu_tile(a.x, xo, xi, 64, TailStrategy::GuardWithIf);
    a.y0.gpu_tile(a.y, yo, yi, 64, TailStrategy::GuardWithIf);
    a.wx.bound(a.k, 0, 4).reorder(a.k, a.x).unroll(a.k).gpu_tile(a.x, xo, xi, 64, TailStrategy::GuardWithIf);
    a.wy.bound(a.k, 0, 4).reorder(a.k, a.y).unroll(a.k).gpu_tile(a.y, yo, yi, 64, TailStrategy::GuardWithIf);
    a.resize_x.split(a.x, a.x, xv, vec, TailStrategy::RoundUp)
        .gpu_tile(a.x, a.y, xo, yo, xi, yi, 8, 4, TailStrategy::GuardWithIf);
    Stage wide = a.out.specialize(a.out.output_buffer().dim(0).extent() >= vec &&
                                  a.out.output_buffer().dim(1).extent() >= rows);
    wide.split(a.x, a.x, xv, vec, TailStrategy::ShiftInwards)
        .split(a.y, a.y, yv, rows, TailStrategy::ShiftInwards)
        .reorder(xv, yv, a.x, a.y, a.c)
        .gpu_tile(a.x, a.y, xo, yo, xi, yi, 8, 4, TailStrategy::GuardWithIf);
    a.out.gpu_tile(a.x, a.y, xo, yo, xi, yi, 8, 4, TailStrategy::GuardWithIf);
    // @layer vector
    a.resize_x.vectorize(xv);
    wide.vectorize(xv).unroll(yv);
    // @end
    return a.kernel();
}
