// Expert opencl schedule for `sum_rows`: one kernel, work-groups of 32 rows, one work-item per
// row accumulating its row in a register and writing the sum once. Neighbouring work-items
// walk neighbouring rows in lock-step, which OpenCL CPU drivers such as PoCL vectorize across
// the work-group.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var ro{"ro"}, ri{"ri"};
    // @layer compute
    // total lives in a register of each work-item (memory).
    // @layer loops
    a.y.gpu_tile(a.r, ro, ri, 32, TailStrategy::GuardWithIf);
    // @layer memory
    a.total.compute_at(a.y, ri).store_in(MemoryType::Register);
    // @end
    return a.kernel();
}
