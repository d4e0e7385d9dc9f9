// Expert cuda schedule for `equalize_hist_u8`: (1) the histogram through rfactor: one block of
// 256 threads per strip of 8 rows builds the strip's histogram in shared memory with atomic
// adds (threads read columns u, u + 256, ..., coalesced), then writes it out; one thread per
// bin sums the strips. (2) cdf and lut, one thread per bin. (3) The lookup in 32x8 blocks.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int rows = 8, threads = 256;
    Var v{"v"}, bo{"bo"}, bi{"bi"}, xo{"xo"}, yo{"yo"}, xi{"xi"}, yi{"yi"};
    RVar ryo{"ryo"}, ryi{"ryi"}, rxo{"rxo"}, rxi{"rxi"};
    // @layer compute
    Func partial = a.counts.update().split(a.r.y, ryo, ryi, rows).rfactor(ryo, v);
    Func strips = partial.in();
    strips.compute_root();
    a.counts.compute_root();
    a.cdf.compute_root();
    a.lut.compute_root();
    // @layer loops
    strips.bound(a.b, 0, 256).gpu_blocks(v).gpu_threads(a.b);
    a.counts.gpu_tile(a.b, bo, bi, 64, TailStrategy::GuardWithIf);
    a.counts.update().gpu_tile(a.b, bo, bi, 64, TailStrategy::GuardWithIf);
    a.cdf.gpu_tile(a.b, bo, bi, 64, TailStrategy::GuardWithIf);
    a.lut.gpu_tile(a.b, bo, bi, 64, TailStrategy::GuardWithIf);
    a.out.gpu_tile(a.x, a.y, xo, yo, xi, yi, 32, 8, TailStrategy::GuardWithIf);
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
