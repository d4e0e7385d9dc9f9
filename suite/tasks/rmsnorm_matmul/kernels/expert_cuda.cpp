// Expert cuda schedule for `rmsnorm_matmul`: two kernels. rstd runs one thread per row (8
// rows per block), each accumulating its row's sum of squares in a register. The projection
// runs one warp per output feature, 8 features (warps) per block, tokens along the grid's y:
// the 32 lanes stride through the feature's W row and the token's x row together (coalesced
// loads), each lane accumulating a partial dot product in a register over every 32nd d
// (rfactor over the lanes), with the normalization x * rstd * weight applied on the fly;
// the 32 partials are combined with warp shuffles (gpu_lanes) and lane 0 stores the output.
// Without CUDA (gpu_lanes is CUDA-only), the per-lane partials go through shared memory.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int lanes = 32, feats = 8;
    const bool cuda = target.has_feature(Target::CUDA);
    Var no{"no"}, ni{"ni"}, nl{"nl"}, to{"to"}, ti{"ti"}, u{"u"};
    RVar rw{"rw"}, rl{"rl"};
    // @layer compute
    // normed is inlined into the projection; rstd is the stored per-row value; dot sums
    // per-lane partial dot products (rfactor).
    a.rstd.compute_root();
    Func part = a.dot.update().split(a.r, rw, rl, lanes, TailStrategy::GuardWithIf).rfactor(rl, u);
    // @layer loops
    a.rstd.gpu_tile(a.t, to, ti, 8, TailStrategy::GuardWithIf);
    a.y.split(a.n, no, ni, feats, TailStrategy::GuardWithIf).gpu_blocks(no, a.t);
    // @layer memory
    a.sum_sq.compute_at(a.rstd, ti).store_in(MemoryType::Register);
    if (cuda) {
        a.y.split(ni, ni, nl, 1).gpu_threads(ni, nl);
        a.dot.compute_at(a.y, nl);
        part.compute_at(a.y, ni).gpu_lanes(u);
        part.update().gpu_lanes(u);
    } else {
        a.y.gpu_threads(ni);
        a.dot.compute_at(a.y, ni);
        part.compute_at(a.y, no).store_in(MemoryType::GPUShared).gpu_threads(u, a.n);
        part.update().gpu_threads(u, a.n);
    }
    // @end
    return a.kernel();
}
