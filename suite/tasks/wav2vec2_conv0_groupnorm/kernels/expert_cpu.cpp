// Expert cpu schedule for `wav2vec2_conv0_groupnorm`: the strided frames are gathered once
// into a [10, T] buffer with time innermost (col, parallel over the taps), so the conv reads
// them with dense vector loads. Then per block of 4 channels, blocks in parallel: the conv
// rows of the 4 channels (one vector of frames x 4 channels x 10 taps unrolled, each col
// vector feeding 4 FMAs against broadcast weights), the GroupNorm statistics of each row in
// vector partial sums (rfactor), and the normalize + affine + GELU fused into the store,
// vectorized over time. The conv rows of a block (4 T floats) stay in L2. All splits are
// guarded (GuardWithIf), so any T and C (down to 1) work.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    const int chans = 4;  // channels per block
    Var co{"co"}, ci{"ci"}, to{"to"}, ti{"ti"}, u{"u"};
    RVar ro{"ro"}, ru{"ru"};
    // @layer compute
    a.col.compute_root();
    // @layer loops
    a.col.parallel(a.k);
    a.y.split(a.c, co, ci, chans, TailStrategy::GuardWithIf).reorder(a.t, ci, co, a.n).parallel(co);
    // @layer memory
    a.h.compute_at(a.y, co).bound_storage(a.c, chans);
    for (Func red : {a.sum, a.sum_sq}) {
        Func part = red.update().split(a.rt.x, ro, ru, vec, TailStrategy::GuardWithIf).rfactor(ru, u);
        part.compute_at(a.y, co).vectorize(u);
        part.update().vectorize(u);
        red.compute_at(a.y, co);
        red.update().atomic().vectorize(ru);
    }
    a.mean.compute_at(a.y, co);
    a.rstd.compute_at(a.y, co);
    // @layer vector
    a.col.vectorize(a.t, vec, TailStrategy::GuardWithIf);
    a.h.vectorize(a.t, vec, TailStrategy::GuardWithIf);
    a.h.update()
        .split(a.t, to, ti, vec, TailStrategy::GuardWithIf)
        .reorder(ti, a.c, a.rk, to)
        .vectorize(ti)
        .unroll(a.c)
        .unroll(a.rk);
    a.y.vectorize(a.t, vec, TailStrategy::GuardWithIf);
    // @end
    return a.kernel();
}
