// Expert opencl schedule for `mean_tokens`: one kernel, one work-item per column in work-groups of
// 64 columns, each accumulating its column in a register and writing the result once. At each row,
// neighbouring work-items read neighbouring columns (which PoCL vectorizes across the work-group).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var dox{"dox"}, dix{"dix"};
    // @layer compute
    // acc lives in a register (memory).
    // @layer loops
    a.y.gpu_tile(a.d, dox, dix, 64, TailStrategy::GuardWithIf);
    // @layer memory
    a.acc.compute_at(a.y, dix).store_in(MemoryType::Register);
    // @end
    return a.kernel();
}
