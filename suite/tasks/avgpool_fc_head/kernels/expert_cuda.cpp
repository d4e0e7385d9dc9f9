// Expert cuda schedule for `avgpool_fc_head`: two kernels, no global read-modify-write. Both
// reductions (the spatial sum per channel, the dot product per class) run 32 threads per
// output, 8 outputs per block: the 32 threads stride through the channel's rows (or the class's
// weight row) together, so the loads are coalesced, each accumulating a partial sum in a
// register (rfactor over the lanes) that it leaves in shared memory; after a barrier one thread
// per output adds the 32 partials, and the stored stage is the reduction's pointwise consumer
// (pooled, logits), so the division by the pixel count and the bias are fused into the same
// kernel. (Not warp shuffles: Halide 14 lowers a gpu_lanes rfactor under a GuardWithIf tail to
// a global scratch buffer the lanes index inconsistently, which made the softmax expert wrong
// on an H200; see docs/kernel-format.md.)
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int lanes = 32, outs = 8;
    Var co{"co"}, ci{"ci"}, u{"u"};
    RVar ro{"ro"}, rl{"rl"};
    // @layer compute
    // One kernel per stored stage; each reduction sums per-lane partials (rfactor).
    a.pooled.compute_root();
    Func pool_part = a.pool_sum.update().split(a.rxy.x, ro, rl, lanes, TailStrategy::GuardWithIf).rfactor(rl, u);
    Func fc_part = a.fc.update().split(a.rc, ro, rl, lanes, TailStrategy::GuardWithIf).rfactor(rl, u);
    // @layer memory
    for (auto [out, red, part] : {std::tuple{a.pooled, a.pool_sum, pool_part}, std::tuple{a.logits, a.fc, fc_part}}) {
        out.split(a.c, co, ci, outs, TailStrategy::GuardWithIf).gpu_blocks(co);
        out.gpu_threads(ci);
        red.compute_at(out, ci);
        part.compute_at(out, co).store_in(MemoryType::GPUShared).gpu_threads(u, a.c);
        part.update().gpu_threads(u, a.c);
    }
    // @end
    return a.kernel();
}
