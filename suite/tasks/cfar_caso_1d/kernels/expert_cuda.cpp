// Expert cuda schedule for `cfar_caso_1d`: one kernel. Blocks of 128 range cells x 1 row;
// the block stages its zero-padded input window (128 + 24 cells) in shared memory, then each
// thread sums its two 8-cell training windows from shared memory in registers (each input cell
// is read from global memory about once per block instead of 17 times). Tails use
// GuardWithIf.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var io{"io"}, do_{"do_"}, ii{"ii"}, di{"di"}, zo{"zo"}, zi{"zi"};
    // @layer loops
    a.snr.gpu_tile(a.i, a.d, io, do_, ii, di, 128, 1, TailStrategy::GuardWithIf);
    // @layer memory
    a.zx.compute_at(a.snr, io).store_in(MemoryType::GPUShared)
        .split(a.i, zo, zi, 128, TailStrategy::GuardWithIf).gpu_threads(zi);
    a.lsum.compute_at(a.snr, ii).store_in(MemoryType::Register);
    a.rsum.compute_at(a.snr, ii).store_in(MemoryType::Register);
    // @layer vector
    a.lsum.update().unroll(a.k);
    a.rsum.update().unroll(a.k);
    // @end
    return a.kernel();
}
