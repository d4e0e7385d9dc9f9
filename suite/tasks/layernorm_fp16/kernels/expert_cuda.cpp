// Expert cuda schedule for `layernorm_fp16`: three kernels. The two row reductions (the sum of the
// row for mean, then the sum of squared deviations for rstd) each run 32 threads per row, 8
// rows per block: the 32 threads stride through their row together (coalesced loads), each
// keeping a running partial sum in a register over every 32nd element (rfactor over the lanes)
// that it leaves in shared memory; after a barrier one thread per row adds the 32 partials. y
// runs as 32x8-thread tiles, threads adjacent along the hidden dimension. (Not warp shuffles:
// Halide 14 lowers a gpu_lanes rfactor under a GuardWithIf tail to a global scratch buffer the
// lanes index inconsistently, which made the softmax expert wrong on an H200; see
// docs/kernel-format.md.)
// float16 variant of `layernorm` with its schedule: PTX widens float16 loads with cvt.f32.f16 and\n// narrows the output with cvt.rn.f16.f32, arithmetic in float.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int lanes = 32, rows = 8;
    Var dox{"dox"}, dix{"dix"}, tox{"tox"}, tix{"tix"}, u{"u"};
    RVar kw{"kw"}, kl{"kl"};
    // @layer compute
    // xc and variance are inlined; mean and rstd are the stored per-row values, each from
    // per-lane partial sums (rfactor below).
    a.mean.compute_root();
    a.rstd.compute_root();
    Func sum_part = a.sum_x.update().split(a.k, kw, kl, lanes, TailStrategy::GuardWithIf).rfactor(kl, u);
    Func sq_part = a.sum_sq.update().split(a.k, kw, kl, lanes, TailStrategy::GuardWithIf).rfactor(kl, u);
    // @layer loops
    a.y.gpu_tile(a.d, a.t, dox, tox, dix, tix, 32, 8, TailStrategy::GuardWithIf);
    for (Func out : {a.mean, a.rstd}) out.split(a.t, tox, tix, rows, TailStrategy::GuardWithIf).gpu_blocks(tox);
    // @layer memory
    for (auto [out, red, part] : {std::tuple{a.mean, a.sum_x, sum_part}, std::tuple{a.rstd, a.sum_sq, sq_part}}) {
        out.gpu_threads(tix);
        red.compute_at(out, tix);
        part.compute_at(out, tox).store_in(MemoryType::GPUShared).gpu_threads(u, a.t);
        part.update().gpu_threads(u, a.t);
    }
    // @end
    return a.kernel();
}
