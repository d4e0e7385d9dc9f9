// Expert cuda schedule for `avgpool_global_int8`: one kernel, one warp per channel and 8
// channels (warps) per block. The 32 lanes of a warp stride through the channel's plane
// together (coalesced byte loads), each accumulating an int32 partial sum over every 32nd
// pixel in a register (rfactor over the lanes); the partial sums are combined with warp
// shuffles (gpu_lanes) and the rounded average is stored once. Without CUDA (gpu_lanes is
// CUDA-only), the per-lane partials go through shared memory instead.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int lanes = 32, chans = 8;
    const bool cuda = target.has_feature(Target::CUDA);
    Var co{"co"}, ci{"ci"}, cl{"cl"}, u{"u"};
    RVar rxy{"rxy"}, rw{"rw"}, rl{"rl"};
    // @layer compute
    // total sums per-lane partial sums over the flattened plane (rfactor).
    Func part = a.total.update()
                    .fuse(a.r.x, a.r.y, rxy)
                    .split(rxy, rw, rl, lanes, TailStrategy::GuardWithIf)
                    .rfactor(rl, u);
    // @layer loops
    a.output.split(a.c, co, ci, chans, TailStrategy::GuardWithIf).gpu_blocks(co);
    // @layer memory
    if (cuda) {
        a.output.split(ci, ci, cl, 1).gpu_threads(ci, cl);
        a.total.compute_at(a.output, cl);
        part.compute_at(a.output, ci).gpu_lanes(u);
        part.update().gpu_lanes(u);
    } else {
        a.output.gpu_threads(ci);
        a.total.compute_at(a.output, ci);
        part.compute_at(a.output, co).store_in(MemoryType::GPUShared).gpu_threads(u, a.c);
        part.update().gpu_threads(u, a.c);
    }
    // @end
    return a.kernel();
}
