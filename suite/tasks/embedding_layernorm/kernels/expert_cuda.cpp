// Expert cuda schedule for `embedding_layernorm`: four kernels. emb (the gathered table row
// plus the position row) is written once by 32x8-thread tiles, threads adjacent along the
// hidden dimension (coalesced row copies). The two row reductions (the sum of the row for
// mean, then the sum of squared deviations for rstd) each run one warp per row, 8 rows
// (warps) per block: the 32 lanes stride through their row together (coalesced loads), each
// lane keeping a running partial sum in a register over every 32nd element (rfactor over the
// lanes), and the 32 partials are combined with warp shuffles (gpu_lanes). y runs as
// 32x8-thread tiles. Without CUDA (gpu_lanes is CUDA-only), the per-lane partials go through
// shared memory instead.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int lanes = 32, rows = 8;
    const bool cuda = target.has_feature(Target::CUDA);
    Var dox{"dox"}, dix{"dix"}, tox{"tox"}, tix{"tix"}, tl{"tl"}, u{"u"};
    RVar kw{"kw"}, kl{"kl"};
    // @layer compute
    // row, xc and variance are inlined; emb is stored once, mean and rstd are the stored
    // per-row values, each from per-lane partial sums (rfactor below).
    a.emb.compute_root();
    a.mean.compute_root();
    a.rstd.compute_root();
    Func sum_part = a.sum_x.update().split(a.k, kw, kl, lanes, TailStrategy::GuardWithIf).rfactor(kl, u);
    Func sq_part = a.sum_sq.update().split(a.k, kw, kl, lanes, TailStrategy::GuardWithIf).rfactor(kl, u);
    // @layer loops
    a.emb.gpu_tile(a.d, a.t, dox, tox, dix, tix, 32, 8, TailStrategy::GuardWithIf);
    a.y.gpu_tile(a.d, a.t, dox, tox, dix, tix, 32, 8, TailStrategy::GuardWithIf);
    for (Func out : {a.mean, a.rstd}) out.split(a.t, tox, tix, rows, TailStrategy::GuardWithIf).gpu_blocks(tox);
    // @layer memory
    for (auto [out, red, part] : {std::tuple{a.mean, a.sum_x, sum_part}, std::tuple{a.rstd, a.sum_sq, sq_part}}) {
        if (cuda) {
            // One warp per row: the row's value is stored by lane 0 (tl), the partials live
            // in the lanes' registers and are read across the warp with shuffles.
            out.split(tix, tix, tl, 1).gpu_threads(tix, tl);
            red.compute_at(out, tl);
            part.compute_at(out, tix).gpu_lanes(u);
            part.update().gpu_lanes(u);
        } else {
            out.gpu_threads(tix);
            red.compute_at(out, tix);
            part.compute_at(out, tox).store_in(MemoryType::GPUShared).gpu_threads(u, a.t);
            part.update().gpu_threads(u, a.t);
        }
    }
    // @end
    return a.kernel();
}
