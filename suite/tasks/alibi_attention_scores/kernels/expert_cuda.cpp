// Expert cuda schedule for `alibi_attention_scores`: K is first stored transposed by its
// own kernel (keys contiguous), so that threads adjacent along the keys read adjacent floats.
// The scores run as 32x8 threads per block over (keys, groups of 4 queries), heads along the
// grid's z; each thread keeps 4 queries' dot products in registers across the head
// dimension (one load of K^T feeds 4 FMAs; Q is uniform across a warp), then applies the
// scale, the ALiBi bias and the causal mask in the store.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var so{"so"}, si{"si"}, to{"to"}, ti{"ti"}, tv{"tv"}, xo{"xo"}, yo{"yo"}, xi{"xi"}, yi{"yi"};
    // @layer compute
    Func kt = a.K.in(a.dot);  // K stored transposed (below)
    Var kd = kt.args()[0], ks = kt.args()[1], kh = kt.args()[2];
    kt.compute_root();
    // dot lives in registers of each thread (below).
    // @layer loops
    kt.reorder_storage(ks, kd, kh)
        .gpu_tile(ks, kd, xo, yo, xi, yi, 32, 8, TailStrategy::GuardWithIf)
        .gpu_blocks(kh);
    a.scores.split(a.t, a.t, tv, 4, TailStrategy::GuardWithIf)
        .reorder(tv, a.s, a.t, a.h)
        .gpu_tile(a.s, a.t, so, to, si, ti, 32, 8, TailStrategy::GuardWithIf)
        .gpu_blocks(a.h);
    // @layer memory
    a.dot.compute_at(a.scores, si).store_in(MemoryType::Register);
    // @layer vector
    a.scores.unroll(tv);
    a.dot.unroll(a.t);
    a.dot.update().reorder(a.t, a.s, a.h, a.d).unroll(a.t);
    // @end
    return a.kernel();
}
