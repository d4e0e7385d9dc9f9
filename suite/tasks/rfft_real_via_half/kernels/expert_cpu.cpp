// Expert cpu schedule for `rfft_real_via_half`: the half-length complex FFT vectorized across
// transforms. Rows are taken in blocks of one vector (8 or 16 rows), blocks in parallel;
// inside a block every butterfly stage is stored row-innermost, so each butterfly is one
// vector operation over the rows of the block with scalar index arithmetic, the top/bottom
// select and a broadcast twiddle (contiguous loads at i and i +- h, no gathers). Every odd
// stage is inlined into the next, so each stored pass does two butterfly levels (the inlined
// level is computed twice, the passes over the block's buffers halve). The split step runs on
// the same row vectors, reading Z[k] and Z[M - k] contiguously; the twiddle tables (one per
// stage, and W^k) are computed once per call. Row tails use GuardWithIf (a single frame is a
// real call); the output is transposed back on store.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    Var bo{"bo"}, bi{"bi"};
    // @layer compute
    for (Func f : a.tw) f.compute_root();
    a.split_tw.compute_root();
    // @layer loops
    a.X.bound(a.c, 0, 2)
        .reorder(a.c, a.k, a.b)
        .split(a.b, bo, bi, vec, TailStrategy::GuardWithIf)
        .reorder(bi, a.c, a.k, bo);
    // @layer memory
    for (size_t s = 0; s < a.stage.size(); s++) {
        if (s % 2 == 1 && s + 1 < a.stage.size()) continue;  // inlined into the next stage
        a.stage[s].compute_at(a.X, bo).reorder(a.b, a.i).reorder_storage(a.b, a.i);
    }
    a.spec.compute_at(a.X, bo).reorder(a.b, a.k).reorder_storage(a.b, a.k);
    // @layer vector
    for (size_t s = 0; s < a.stage.size(); s++) {
        if (s % 2 == 1 && s + 1 < a.stage.size()) continue;
        a.stage[s].vectorize(a.b, vec, TailStrategy::GuardWithIf);
    }
    a.spec.vectorize(a.b, vec, TailStrategy::GuardWithIf);
    a.X.vectorize(bi).unroll(a.c);
    // Parallel only for large calls: below the threshold the thread pool's wake-up costs
    // more than the work, so small calls (a single frame or a few samples) run serially.
    a.X.specialize(a.x.dim(0).extent() * a.x.dim(1).extent() >= 8192).parallel(bo);
    // @end
    return a.kernel();
}
