// Expert opencl schedule for `tiny_yolo_head`: one kernel instead of one per stage.
// Work-groups of 16x4 work-items over (fields, grid columns, grid rows x anchors); each
// work-item computes one output: its prediction channel's 1x1 conv accumulated in a register
// across all input channels (work-items of a column share every input load; neighbouring
// fields read neighbouring weight rows), then the bias, the sigmoid / exp, the grid offset and
// the anchor scaling fused into the store (pred and sig inlined). All tails use GuardWithIf.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var ko{"ko"}, xo{"xo"}, to{"to"}, ki{"ki"}, xi{"xi"}, ti{"ti"}, t{"t"};
    // @layer compute
    // pred and sig are inlined into out; conv lives in a register of each thread (below).
    // @layer loops
    a.out.fuse(a.gy, a.a, t).gpu_tile(a.k, a.gx, t, ko, xo, to, ki, xi, ti, 16, 4, 1, TailStrategy::GuardWithIf);
    // @layer memory
    a.conv.compute_at(a.out, ki).store_in(MemoryType::Register)
        .bound_extent(a.ch, 1).bound_extent(a.gx, 1).bound_extent(a.gy, 1);  // one value per thread
    // @end
    return a.kernel();
}
