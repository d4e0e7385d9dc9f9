// Expert cuda schedule for `histogram_u8`: a two-stage histogram through rfactor (bin
// inlined). Kernel 1: one block of 256 threads per strip of 8 rows builds the strip's
// histogram in shared memory: the threads zero it (one bin each), scan the strip (thread u
// reads columns u, u + 256, ..., coalesced across each warp) with atomic adds to the shared
// bins, then write it out (one bin each). Kernel 2: one thread per bin sums that bin over the
// strips.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int rows = 8, threads = 256;
    Var v{"v"}, bo{"bo"}, bi{"bi"};
    RVar ryo{"ryo"}, ryi{"ryi"}, rxo{"rxo"}, rxi{"rxi"};
    // @layer compute
    // partial(b, v): the histogram of strip v, in shared memory; strips its copy in global
    // memory. bin is inlined into the scatter.
    Func partial = a.counts.update().split(a.r.y, ryo, ryi, rows).rfactor(ryo, v);
    Func strips = partial.in();
    strips.compute_root();
    a.counts.compute_root();
    // @layer loops
    strips.bound(a.b, 0, 256).gpu_blocks(v).gpu_threads(a.b);
    a.counts.gpu_tile(a.b, bo, bi, 64, TailStrategy::GuardWithIf);
    a.counts.update().gpu_tile(a.b, bo, bi, 64, TailStrategy::GuardWithIf);
    a.hist.gpu_tile(a.b, bo, bi, 64, TailStrategy::GuardWithIf);
    // @layer memory
    partial.compute_at(strips, v).store_in(MemoryType::GPUShared);
    partial.gpu_threads(a.b);
    partial.update().atomic()
        .split(a.r.x, rxo, rxi, threads)
        .reorder(rxo, ryi, rxi, v)
        .gpu_threads(rxi);
    // @end
    return a.kernel();
}
