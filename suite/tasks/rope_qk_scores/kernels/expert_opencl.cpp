// Expert opencl schedule for `rope_qk_scores`: three kernels. The first two rotate q and k
// once (O(H*T*Dh) work), kr stored transposed [H, Dh, T] (keys contiguous); the third
// computes the scores in work-groups of 32x4 work-items, adjacent work-items along the keys,
// so each load of kr^T is contiguous across the work-group (vectorizable by CPU drivers such
// as PoCL) and each load of qr is uniform. Each work-item accumulates 4 queries of one key in
// registers across the whole Dh loop (one load of kr^T feeds 4 FMAs); the scale is fused into
// the store. The heads are the third grid dimension; tails use GuardWithIf.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var so{"so"}, si{"si"}, to{"to"}, ti{"ti"}, tv{"tv"}, xo{"xo"}, yo{"yo"}, xi{"xi"}, yi{"yi"};
    // @layer compute
    a.qr.compute_root();
    a.kr.compute_root();
    // dot lives in registers of each work-item (below).
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
