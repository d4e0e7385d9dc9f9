// Expert cuda schedule for `fft_radix2_complex`: one kernel, one thread block per row. The
// bit-reversed input and every butterfly stage live in shared memory (two stages are live at
// a time); 128 threads walk the N elements of each stage (a loop of N / 128 per thread for
// large N, guarded for N < 128), with the twiddles computed in registers (cos/sin of pi k / h),
// and a block barrier between stages. Global memory is read once and written once.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int threads = 128;
    Var io{"io"}, ii{"ii"};
    // @layer compute
    // The twiddles are inlined into their stages (computed in registers).
    // @layer loops
    a.X.bound(a.c, 0, 2).reorder(a.c, a.i, a.b)
        .split(a.i, io, ii, threads, TailStrategy::GuardWithIf)
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
