// Expert opencl schedule for `equalize_hist_u8`: (1) the histogram through rfactor without
// atomics: one work-item per strip of 8 rows increments its own partial histogram (private,
// no contention), then one work-item per bin sums the strips. (2) cdf and lut, one work-item
// per bin. (3) The lookup: each work-item maps 16 pixels of a row (uchar16 load and store,
// table gathers), work-groups of 8x4. Rows of at least 16 pixels shift the last vector inwards
// (every vector whole: OpenCL C has no masked gather); narrower images map one pixel per
// work-item.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int rows = 8, vec = 16;
    Var v{"v"}, bo{"bo"}, bi{"bi"}, vo{"vo"}, vi{"vi"}, xo{"xo"}, yo{"yo"}, xi{"xi"}, yi{"yi"}, xv{"xv"};
    RVar ryo{"ryo"}, ryi{"ryi"};
    // @layer compute
    Func partial = a.counts.update().split(a.r.y, ryo, ryi, rows).rfactor(ryo, v);
    partial.compute_root();
    a.counts.compute_root();
    a.cdf.compute_root();
    a.lut.compute_root();
    // @layer loops
    partial.gpu_tile(a.b, v, bo, vo, bi, vi, 64, 4, TailStrategy::GuardWithIf);
    partial.update().gpu_tile(v, vo, vi, 8, TailStrategy::GuardWithIf);
    a.counts.gpu_tile(a.b, bo, bi, 64, TailStrategy::GuardWithIf);
    a.counts.update().gpu_tile(a.b, bo, bi, 64, TailStrategy::GuardWithIf);
    a.cdf.gpu_tile(a.b, bo, bi, 64, TailStrategy::GuardWithIf);
    a.lut.gpu_tile(a.b, bo, bi, 64, TailStrategy::GuardWithIf);
    Stage wide = a.out.specialize(a.img.dim(0).extent() >= vec);
    wide.split(a.x, a.x, xv, vec, TailStrategy::ShiftInwards)
        .gpu_tile(a.x, a.y, xo, yo, xi, yi, 8, 4, TailStrategy::GuardWithIf);
    a.out.gpu_tile(a.x, a.y, xo, yo, xi, yi, 8, 4, TailStrategy::GuardWithIf);
    // @layer vector
    wide.vectorize(xv);
    // @end
    return a.kernel();
}
