// Expert cuda schedule for `min_columns`: one kernel, one thread per column in blocks of 128
// columns, each accumulating its column in a register and writing the result once. At each
// row, neighbouring threads read neighbouring columns (coalesced loads).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var dox{"dox"}, dix{"dix"};
    // @layer compute
    // acc lives in a register (memory).
    // @layer loops
    a.y.gpu_tile(a.d, dox, dix, 128, TailStrategy::GuardWithIf);
    // @layer memory
    a.acc.compute_at(a.y, dix).store_in(MemoryType::Register);
    // @end
    return a.kernel();
}
