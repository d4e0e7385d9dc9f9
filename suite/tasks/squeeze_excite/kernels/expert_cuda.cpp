// Expert cuda schedule for `squeeze_excite`: four kernels, no global read-modify-write. The
// three per-channel reductions (the spatial sum, fc1, fc2) run 32 threads per output channel, 8
// channels per block: the 32 threads stride through the channel's rows (or weight row)
// together, so the loads are coalesced, each accumulating a partial sum in a register (rfactor
// over the lanes) that it leaves in shared memory; after a barrier one thread per channel adds
// the partials, and the stored stage is the reduction's pointwise consumer (pooled, s1, gate),
// so the bias, ReLU and hard-sigmoid are fused into the same kernel. The scale runs as 32x8
// blocks of threads over (columns, rows), channels along the grid's z dimension, threads
// adjacent along the columns so that each row of x is read and written coalesced; tails
// guarded. (Not warp shuffles: Halide 14 lowers a gpu_lanes rfactor under a GuardWithIf tail to
// a global scratch buffer the lanes index inconsistently, which made the softmax expert wrong
// on an H200; see docs/kernel-format.md.)
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int lanes = 32, chans = 8;
    Var xo{"xo"}, yo{"yo"}, xi{"xi"}, yi{"yi"}, co{"co"}, ci{"ci"}, u{"u"};
    RVar ro{"ro"}, rl{"rl"};
    // @layer compute
    // One kernel per stored stage; each reduction sums per-lane partials (rfactor).
    a.pooled.compute_root();
    a.s1.compute_root();
    a.gate.compute_root();
    Func pool_part = a.pool_sum.update().split(a.rxy.x, ro, rl, lanes, TailStrategy::GuardWithIf).rfactor(rl, u);
    Func fc1_part = a.fc1.update().split(a.rc, ro, rl, lanes, TailStrategy::GuardWithIf).rfactor(rl, u);
    Func fc2_part = a.fc2.update().split(a.rr, ro, rl, lanes, TailStrategy::GuardWithIf).rfactor(rl, u);
    // @layer loops
    a.y.gpu_tile(a.col, a.row, xo, yo, xi, yi, 32, 8, TailStrategy::GuardWithIf).gpu_blocks(a.c);
    // @layer memory
    for (auto [out, red, part] : {std::tuple{a.pooled, a.pool_sum, pool_part}, std::tuple{a.s1, a.fc1, fc1_part},
                                  std::tuple{a.gate, a.fc2, fc2_part}}) {
        out.split(a.c, co, ci, chans, TailStrategy::GuardWithIf).gpu_blocks(co);
        out.gpu_threads(ci);
        red.compute_at(out, ci);
        part.compute_at(out, co).store_in(MemoryType::GPUShared).gpu_threads(u, a.c);
        part.update().gpu_threads(u, a.c);
    }
    // @end
    return a.kernel();
}
