// Expert opencl schedule for `depth_to_points`: one kernel; each work-item back-projects 4
// pixels of a row as float4 vectors (coordinates unrolled, the interleaved store), work-groups
// of 8x4.
// Rows at least 4 wide shift their last vector inwards, so every vector is whole (OpenCL C
// has no masked vector loads); narrower ones take one element per work-item.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = 4;  // 3 interleaved channels x 4 = 12 lanes: OpenCL vectors stop at 16
    Var uo{"uo"}, vo{"vo"}, ui{"ui"}, vi{"vi"}, uv{"uv"};
    // @layer compute
    a.points.output_buffer().dim(0).set_bounds(0, 3).set_stride(1).dim(1).set_stride(3);
    // @layer loops
    a.points.bound(a.k, 0, 3);
    Stage wide = a.points.specialize(a.points.output_buffer().dim(1).extent() >= vec);
    wide.split(a.u, a.u, uv, vec, TailStrategy::ShiftInwards)
        .reorder(a.k, uv, a.u, a.v)
        .gpu_tile(a.u, a.v, uo, vo, ui, vi, 8, 4, TailStrategy::GuardWithIf);
    a.points.reorder(a.k, a.u, a.v).gpu_tile(a.u, a.v, uo, vo, ui, vi, 8, 4, TailStrategy::GuardWithIf);
    // @layer vector
    wide.vectorize(uv).unroll(a.k);
    a.points.unroll(a.k);
    // @end
    return a.kernel();
}
