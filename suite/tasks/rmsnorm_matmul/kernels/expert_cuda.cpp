// Expert cuda schedule for `rmsnorm_matmul`: two kernels. rstd runs one thread per row (8 rows
// per block), each accumulating its row's sum of squares in a register. The projection runs 32
// threads per output feature, 8 features per block, tokens along the grid's y: the 32 threads
// stride through the feature's W row and the token's x row together (coalesced loads), each
// accumulating a partial dot product in a register over every 32nd d (rfactor over the lanes),
// with the normalization x * rstd * weight applied on the fly, and leaves it in shared memory;
// after a barrier one thread per feature adds the 32 partials and stores the output. (Not warp
// shuffles: Halide 14 lowers a gpu_lanes rfactor under a GuardWithIf tail to a global scratch
// buffer the lanes index inconsistently, which made the softmax expert wrong on an H200; see
// docs/kernel-format.md.)
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int lanes = 32, feats = 8;
    Var no{"no"}, ni{"ni"}, to{"to"}, ti{"ti"}, u{"u"};
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
    a.y.gpu_threads(ni);
    a.dot.compute_at(a.y, ni);
    part.compute_at(a.y, no).store_in(MemoryType::GPUShared).gpu_threads(u, a.n);
    part.update().gpu_threads(u, a.n);
    // @end
    return a.kernel();
}
