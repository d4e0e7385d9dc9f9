// Expert cuda schedule for `avgpool_global_int8`: one kernel, 32 threads per channel and 8
// channels per block. The 32 threads stride through the channel's plane together (coalesced
// byte loads), each accumulating an int32 partial sum over every 32nd pixel in a register
// (rfactor over the lanes) that it leaves in shared memory; after a barrier one thread per
// channel adds the 32 partials and stores the rounded average. (Not warp shuffles: Halide 14
// lowers a gpu_lanes rfactor under a GuardWithIf tail to a global scratch buffer the lanes
// index inconsistently, which made the softmax expert wrong on an H200; see
// docs/kernel-format.md.)
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int lanes = 32, chans = 8;
    Var co{"co"}, ci{"ci"}, u{"u"};
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
    a.output.gpu_threads(ci);
    a.total.compute_at(a.output, ci);
    part.compute_at(a.output, co).store_in(MemoryType::GPUShared).gpu_threads(u, a.c);
    part.update().gpu_threads(u, a.c);
    // @end
    return a.kernel();
}
