// Expert opencl schedule for `int4_gemv_group`: one kernel, 32 threads per output row, 8 rows
// per block. The 32 threads stride through the row's packed weights and through x together
// (adjacent threads read adjacent nibbles: coalesced), each unpacking, dequantizing and
// accumulating every 32nd weight in a register (rfactor over the lanes); the partials go to
// shared memory and after a barrier one thread per row adds them. (Shared memory rather
// than warp shuffles: see docs/kernel-format.md on gpu_lanes.)
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int lanes = 32, rows = 8;
    Var no{"no"}, ni{"ni"}, u{"u"};
    RVar kw{"kw"}, kl{"kl"};
    // @layer compute
    // q and w are inlined; dot sums per-lane partial dot products (rfactor).
    Func part = a.dot.update().split(a.r, kw, kl, lanes, TailStrategy::GuardWithIf).rfactor(kl, u);
    // @layer loops
    a.y.split(a.n, no, ni, rows, TailStrategy::GuardWithIf).gpu_blocks(no);
    // @layer memory
    a.y.gpu_threads(ni);
    a.dot.compute_at(a.y, ni);
    part.compute_at(a.y, no).store_in(MemoryType::GPUShared).gpu_threads(u, a.n);
    part.update().gpu_threads(u, a.n);
    // @end
    return a.kernel();
}
