// Expert cuda schedule for `iir_biquad`: the recurrence is serial in time, so it runs one
// thread per channel (16 channels per block, as the naive schedule), each walking time
// through its own channel of rec. rec keeps the natural time-innermost layout, so the two
// previous outputs a thread re-reads lie in the line it just wrote. (An earlier version stored
// rec channel-innermost for coalescing and ran at 0.35-0.38x of the naive schedule on the
// H200: the serial chain is latency-bound, and probably the re-reads then missed in L1.)
// The feed-forward part is inlined into rec's initial pass and the output is a 32x8-tiled
// copy, both coalesced along time.
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
    a.rec.gpu_tile(a.n, a.c, no, co, ni, ci, 32, 8, TailStrategy::GuardWithIf);
    a.rec.update().gpu_tile(a.c, co, ci, 16, TailStrategy::GuardWithIf);
    a.y.gpu_tile(a.n, a.c, no, co, ni, ci, 32, 8, TailStrategy::GuardWithIf);
    // @end
    return a.kernel();
}
