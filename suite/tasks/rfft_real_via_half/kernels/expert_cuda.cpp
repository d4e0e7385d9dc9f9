// Expert cuda schedule for `rfft_real_via_half`: one kernel, one thread block per row. The
// packed, bit-reversed input and every butterfly stage of the half-length complex FFT live in
// shared memory (two stages are live at a time); 128 threads walk the M = N/2 elements of each
// stage (a loop of M / 128 per thread for large M, guarded for small M), twiddles computed in
// registers, a block barrier between stages; the split step reads Z[k] and Z[M - k] from shared
// memory and writes the N/2 + 1 bins. Global memory is read once and written once.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int threads = 128;
    Var io{"io"}, ii{"ii"};
    // @layer compute
    // The twiddles (stage and split) are inlined: computed in registers.
    // @layer loops
    a.X.bound(a.c, 0, 2)
        .reorder(a.c, a.k, a.b)
        .split(a.k, io, ii, threads, TailStrategy::GuardWithIf)
        .reorder(a.c, ii, io, a.b)
        .gpu_blocks(a.b)
        .gpu_threads(ii);
    // @layer memory
    for (Func f : a.stage) {
        f.compute_at(a.X, a.b)
            .store_in(MemoryType::GPUShared)
            .split(a.i, io, ii, threads, TailStrategy::GuardWithIf)
            .gpu_threads(ii);
    }
    // @layer vector
    a.X.unroll(a.c);
    // @end
    return a.kernel();
}
