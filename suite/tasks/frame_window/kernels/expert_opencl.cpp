// Expert opencl schedule for `frame_window`: one kernel of 64x4 work-groups of independent
// work-items, one output element each (consecutive samples of a frame in one work-group,
// which OpenCL CPU drivers such as PoCL vectorize); tails guarded with GuardWithIf.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var no{"no"}, fo{"fo"}, ni{"ni"}, fi{"fi"};
    // @layer compute
    // unfolded is inlined: each output element reads x directly, no frame buffer.
    // @layer loops
    a.frames.gpu_tile(a.n, a.f, no, fo, ni, fi, 64, 4, TailStrategy::GuardWithIf);
    // @end
    return a.kernel();
}
