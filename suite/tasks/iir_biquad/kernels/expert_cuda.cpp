// Expert cuda schedule for `iir_biquad`: the recurrence is serial in time, so it runs one
// thread per channel (blocks of 32 channels), each walking time through its own channel of
// rec (the two previous outputs it re-reads are still in cache). rec is stored
// channel-innermost, so at each time step the 32 threads of a warp touch one contiguous
// 128-byte line (coalesced). The feed-forward part is inlined into rec's initial pass (32x8
// tiles over channels x time), and the output transposes back in 32x8 tiles.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var no{"no"}, co{"co"}, ni{"ni"}, ci{"ci"};
    // @layer compute
    // padded and ff are inlined into rec's pure definition.
    a.rec.compute_root();
    // @layer loops
    a.rec.reorder(a.c, a.n).gpu_tile(a.c, a.n, co, no, ci, ni, 32, 8, TailStrategy::GuardWithIf);
    a.rec.update().reorder(a.r, a.c).gpu_tile(a.c, co, ci, 32, TailStrategy::GuardWithIf);
    a.y.gpu_tile(a.n, a.c, no, co, ni, ci, 32, 8, TailStrategy::GuardWithIf);
    // @layer memory
    a.rec.reorder_storage(a.c, a.n);
    // @end
    return a.kernel();
}
