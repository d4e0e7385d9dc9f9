// Expert cuda schedule for `groupnorm_silu`: three kernels. mean and rstd each run one
// work-group of 16x8 threads per group: thread (u, v) accumulates a partial sum in a register
// over columns u, u + 16, ... of rows v, v + 8, ... of every channel of the group (rfactor
// over a 16x8 tile of the plane, so neighbouring threads read neighbouring columns), the
// partials go through shared memory and one thread folds them (two passes: the sum, then the
// sum of squared deviations from the mean). The output runs as 32x8-thread tiles of one
// channel, threads adjacent along the columns (coalesced), recomputing x - mean and applying
// rstd, the affine and SiLU in registers (xc, normed and sig inlined). All tails GuardWithIf.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var go{"go"}, gi{"gi"}, u{"u"}, v{"v"}, xo{"xo"}, yo{"yo"}, co{"co"}, xi{"xi"}, yi{"yi"}, ci{"ci"};
    RVar kxo{"kxo"}, kxi{"kxi"}, kyo{"kyo"}, kyi{"kyi"};
    // @layer compute
    // xc, variance, normed and sig are inlined; mean and rstd are the stored per-group values,
    // each from per-thread partial sums (rfactor below).
    a.mean.compute_root();
    a.rstd.compute_root();
    Func parts[2];
    Func reds[2] = {a.sum_x, a.sum_sq};
    for (int i = 0; i < 2; i++) {
        parts[i] = reds[i].update()
                       .split(a.r.x, kxo, kxi, 16, TailStrategy::GuardWithIf)
                       .split(a.r.y, kyo, kyi, 8, TailStrategy::GuardWithIf)
                       .rfactor({{kxi, u}, {kyi, v}});
    }
    // @layer loops
    a.output.gpu_tile(a.col, a.row, a.c, xo, yo, co, xi, yi, ci, 32, 8, 1, TailStrategy::GuardWithIf);
    // @layer memory
    Func outs[2] = {a.mean, a.rstd};
    for (int i = 0; i < 2; i++) {
        outs[i].split(a.g, go, gi, 1).gpu_blocks(go).gpu_threads(gi);
        reds[i].compute_at(outs[i], gi);
        parts[i].compute_at(outs[i], go).store_in(MemoryType::GPUShared).gpu_threads(u, v);
        parts[i].update().gpu_threads(u, v);
    }
    // @end
    return a.kernel();
}
