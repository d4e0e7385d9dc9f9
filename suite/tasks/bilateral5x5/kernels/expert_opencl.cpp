// Expert opencl schedule for `bilateral5x5`: two kernels. The clamp-to-edge copy is made once
// (rounded up to whole vectors), so the taps read without per-lane clamps; then each
// work-item filters 8 pixels of a row as float8 vectors (25 taps, num and den inlined in
// registers). Work-groups of 8x4 work-items.
// Rows at least 8 wide shift their last vector inwards, so every vector is whole (OpenCL C
// has no masked vector loads); narrower ones take one element per work-item.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = 8;
    Var xo{"xo"}, yo{"yo"}, xi{"xi"}, yi{"yi"}, xv{"xv"};
    // @layer compute
    a.clamped.compute_root();
    // @layer loops
    a.clamped.split(a.x, a.x, xv, vec, TailStrategy::RoundUp)
        .gpu_tile(a.x, a.y, xo, yo, xi, yi, 8, 4, TailStrategy::GuardWithIf);
    Stage wide = a.out.specialize(a.out.output_buffer().dim(0).extent() >= vec);
    wide.split(a.x, a.x, xv, vec, TailStrategy::ShiftInwards)
        .gpu_tile(a.x, a.y, xo, yo, xi, yi, 8, 4, TailStrategy::GuardWithIf);
    a.out.gpu_tile(a.x, a.y, xo, yo, xi, yi, 8, 4, TailStrategy::GuardWithIf);
    // @layer vector
    a.clamped.vectorize(xv);
    wide.vectorize(xv);
    // @end
    return a.kernel();
}
