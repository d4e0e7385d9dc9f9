// Expert cuda schedule for `rope_qk_scores`: three kernels. The first two rotate q and k
// once (O(H*T*Dh) work), kr stored transposed [H, Dh, T] (keys contiguous, written coalesced
// along the keys); the third computes the scores in 32x4-thread blocks, threads adjacent
// along the keys, so each warp's loads of kr^T are coalesced and its loads of qr are
// broadcasts. Each thread accumulates 4 queries of one key in registers across the whole Dh
// loop (one load of kr^T feeds 4 FMAs); the scale is fused into the store, coalesced along
// the keys. The heads are the third grid dimension; tails use GuardWithIf.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var so{"so"}, si{"si"}, to{"to"}, ti{"ti"}, tv{"tv"}, xo{"xo"}, yo{"yo"}, xi{"xi"}, yi{"yi"};
    // @layer compute
    a.qr.compute_root();
    a.kr.compute_root();
    // dot lives in registers of each thread (below).
    // @layer loops
    a.qr.gpu_tile(a.d, a.t, xo, yo, xi, yi, 32, 4, TailStrategy::GuardWithIf).gpu_blocks(a.h);
    a.kr.reorder_storage(a.s, a.d, a.h)
        .reorder(a.s, a.d, a.h)
        .gpu_tile(a.s, a.d, xo, yo, xi, yi, 32, 4, TailStrategy::GuardWithIf)
        .gpu_blocks(a.h);
    a.scores.split(a.t, a.t, tv, 4, TailStrategy::GuardWithIf)
        .reorder(tv, a.s, a.t, a.h)
        .gpu_tile(a.s, a.t, so, to, si, ti, 32, 4, TailStrategy::GuardWithIf)
        .gpu_blocks(a.h);
    // @layer memory
    a.dot.compute_at(a.scores, si).store_in(MemoryType::Register);
    // @layer vector
    a.scores.unroll(tv);
    a.dot.unroll(a.t);
    a.dot.update().reorder(a.t, a.s, a.h, a.r).unroll(a.t);
    // @end
    return a.kernel();
}
