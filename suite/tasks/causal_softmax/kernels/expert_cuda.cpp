// Expert cuda schedule for `causal_softmax`: three kernels. The two row reductions (row max,
// then the sum of exp(x - max)) each run one warp per (query, head) row, 8 rows (warps) per
// block: the 32 lanes stride through their row together (coalesced loads), each lane keeping
// a running partial in a register over every 32nd key (rfactor over the lanes), and the 32
// partials are combined with warp shuffles (gpu_lanes). exp, the mask and the division run
// as 32x8-thread tiles, threads adjacent along the keys. Without CUDA (gpu_lanes is
// CUDA-only), the per-lane partials go through shared memory instead.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int lanes = 32, rows = 8;
    const bool cuda = target.has_feature(Target::CUDA);
    Var so{"so"}, si{"si"}, to{"to"}, ti{"ti"}, tl{"tl"}, u{"u"};
    RVar kw{"kw"}, kl{"kl"};
    // @layer compute
    Func max_out = a.row_max.in();  // one value per row, stored by its warp
    Func sum_out = a.row_sum.in();
    max_out.compute_root();
    sum_out.compute_root();
    // masked and ex are inlined (recomputed in the sum and in y); each reduction sums
    // per-lane partials.
    Func max_part = a.row_max.update().split(a.k, kw, kl, lanes, TailStrategy::GuardWithIf).rfactor(kl, u);
    Func sum_part = a.row_sum.update().split(a.k, kw, kl, lanes, TailStrategy::GuardWithIf).rfactor(kl, u);
    // @layer loops
    a.y.gpu_tile(a.s, a.t, so, to, si, ti, 32, 8, TailStrategy::GuardWithIf).gpu_blocks(a.h);
    for (Func out : {max_out, sum_out}) {
        out.split(a.t, to, ti, rows, TailStrategy::GuardWithIf).gpu_blocks(to, a.h);
    }
    // @layer memory
    for (auto [out, red, part] : {std::tuple{max_out, a.row_max, max_part}, std::tuple{sum_out, a.row_sum, sum_part}}) {
        if (cuda) {
            // One warp per row: the row's value is stored by lane 0 (tl), the partials live
            // in the lanes' registers and are read across the warp with shuffles.
            out.split(ti, ti, tl, 1).gpu_threads(ti, tl);
            red.compute_at(out, tl);
            part.compute_at(out, ti).gpu_lanes(u);
            part.update().gpu_lanes(u);
        } else {
            out.gpu_threads(ti);
            red.compute_at(out, ti);
            part.compute_at(out, to).store_in(MemoryType::GPUShared).gpu_threads(u, a.t);
            part.update().gpu_threads(u, a.t);
        }
    }
    // @end
    return a.kernel();
}
