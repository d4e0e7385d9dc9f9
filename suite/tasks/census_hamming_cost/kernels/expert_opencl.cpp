// Expert opencl schedule for `census_hamming_cost`: two census kernels (each work-item 8 codes
// of a row as uint8 vectors), then the cost kernel: each work-item takes 8 pixels of a row
// and loops over the 64 disparities, XOR-ing its left codes (in registers) with the shifted
// right codes and writing 8 costs per disparity with a vector (SWAR) popcount. Work-groups of 8x4.
// The census codes round their extent up to whole vectors (clamped reads: defined
// everywhere). Rows at least 8 wide shift their last vector inwards, so every vector is whole (OpenCL C
// has no masked vector loads); narrower ones take one element per work-item.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = 8;
    Var xo{"xo"}, yo{"yo"}, xi{"xi"}, yi{"yi"}, xv{"xv"};
    // @layer compute
    a.census_l.compute_root();
    a.census_r.compute_root();
    // @layer loops
    for (Func f : {a.census_l, a.census_r}) {
        f.split(a.x, a.x, xv, vec, TailStrategy::RoundUp)
            .gpu_tile(a.x, a.y, xo, yo, xi, yi, 8, 4, TailStrategy::GuardWithIf);
    }
    a.cost.bound(a.d, 0, 64);
    Stage wide = a.cost.specialize(a.cost.output_buffer().dim(0).extent() >= vec);
    wide.split(a.x, a.x, xv, vec, TailStrategy::ShiftInwards)
        .reorder(xv, a.d, a.x, a.y)
        .gpu_tile(a.x, a.y, xo, yo, xi, yi, 8, 4, TailStrategy::GuardWithIf);
    a.cost.reorder(a.d, a.x, a.y).gpu_tile(a.x, a.y, xo, yo, xi, yi, 8, 4, TailStrategy::GuardWithIf);
    // @layer vector
    a.census_l.vectorize(xv);
    a.census_r.vectorize(xv);
    wide.vectorize(xv);
    // @end
    return a.kernel();
}
