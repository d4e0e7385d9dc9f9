// Expert cuda schedule for `logistic_int8_lut`: one kernel. Each 64x4-thread block first
// builds the 256-entry table in shared memory (one entry per thread, its exp computed on the
// device), then, after a barrier, maps its 64x4 tile of the input through it: the lookups
// hit shared memory instead of global memory, and the table never leaves the chip.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var lo{"lo"}, li{"li"}, ro{"ro"}, ri{"ri"}, io{"io"}, ii{"ii"};
    // @layer loops
    a.output.gpu_tile(a.l, a.r, lo, ro, li, ri, 64, 4, TailStrategy::GuardWithIf);
    // @layer memory
    a.table.compute_at(a.output, lo).store_in(MemoryType::GPUShared).bound(a.i, 0, 256)
        .split(a.i, io, ii, 64).gpu_threads(ii, io);
    // @end
    return a.kernel();
}
