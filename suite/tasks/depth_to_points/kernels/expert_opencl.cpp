// Expert opencl schedule for `depth_to_points`: one kernel of 32x8 work-groups, one pixel per
// work-item writing its 3 coordinates (unrolled, z in a register).
// No explicit vectors: the 3 interleaved channels of a vector of pixels would need 12- or
// 24-lane OpenCL vectors, which OpenCL C does not have.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var uo{"uo"}, vo{"vo"}, ui{"ui"}, vi{"vi"};
    // @layer compute
    a.points.output_buffer().dim(0).set_bounds(0, 3).set_stride(1).dim(1).set_stride(3);
    // @layer loops
    a.points.bound(a.k, 0, 3).reorder(a.k, a.u, a.v)
        .gpu_tile(a.u, a.v, uo, vo, ui, vi, 32, 8, TailStrategy::GuardWithIf);
    // @layer vector
    a.points.unroll(a.k);
    // @end
    return a.kernel();
}
