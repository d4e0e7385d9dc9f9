// Expert cuda schedule for `softmax_fp16`: three kernels. The two row reductions (row max, then the
// sum of exp(x - max)) each run 32 threads per row, 8 rows per block: the 32 threads stride
// through their row together (coalesced loads), each keeping a running partial in a register
// over every 32nd column (rfactor over the lanes) that it leaves in shared memory; after a
// barrier one thread per row combines the 32 partials. exp and the division run as 32x8-thread
// tiles, threads adjacent along the columns. (Not warp shuffles: Halide 14 lowers a gpu_lanes
// rfactor under a GuardWithIf tail to a global scratch buffer the lanes index inconsistently,
// which made this expert wrong on an H200; see docs/kernel-format.md.)
// float16 variant of `softmax` with its schedule: PTX widens float16 loads with cvt.f32.f16 and\n// narrows the output with cvt.rn.f16.f32, arithmetic in float.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int lanes = 32, rows = 8;
    Var co{"co"}, ci{"ci"}, ro{"ro"}, ri{"ri"}, u{"u"};
    RVar kw{"kw"}, kl{"kl"};
    // @layer compute
    Func max_out = a.row_max.in();  // one value per row, stored by its warp
    Func sum_out = a.row_sum.in();
    max_out.compute_root();
    sum_out.compute_root();
    // ex is inlined (recomputed in the sum and in y); each reduction sums per-lane partials.
    Func max_part = a.row_max.update().split(a.k, kw, kl, lanes, TailStrategy::GuardWithIf).rfactor(kl, u);
    Func sum_part = a.row_sum.update().split(a.k, kw, kl, lanes, TailStrategy::GuardWithIf).rfactor(kl, u);
    // @layer loops
    a.y.gpu_tile(a.c, a.r, co, ro, ci, ri, 32, 8, TailStrategy::GuardWithIf);
    for (Func out : {max_out, sum_out}) out.split(a.r, ro, ri, rows, TailStrategy::GuardWithIf).gpu_blocks(ro);
    // @layer memory
    for (auto [out, red, part] : {std::tuple{max_out, a.row_max, max_part}, std::tuple{sum_out, a.row_sum, sum_part}}) {
        out.gpu_threads(ri);
        red.compute_at(out, ri);
        part.compute_at(out, ro).store_in(MemoryType::GPUShared).gpu_threads(u, a.r);
        part.update().gpu_threads(u, a.r);
    }
    // @end
    return a.kernel();
}
