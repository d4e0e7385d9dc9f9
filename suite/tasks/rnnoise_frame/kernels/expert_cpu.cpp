// Expert cpu schedule for `rnnoise_frame`, as RNNoise's own C inference runs a frame (one
// layer after the other, each a few matrix-vector products over row-major weights), but
// vectorized: each product is a dot product per output row along the contiguous input
// dimension, accumulated in a vector of lane-wise partial sums (rfactor over the vector
// lanes) and folded across lanes at the end of the row, so the weights stream once in
// order and are never transposed (a frame reads every weight exactly once; a transposed copy
// would cost as much as the product). One thread: a frame is ~60K multiply-adds (about
// 10 us), less than a thread-pool fork and join per layer costs, and parallel strips of rows
// measured slower here at every instance. The elementwise stages (tanh, the r h product,
// the GRU state update, the gains) are vector loops. The reduction tail is a
// predicated vector (GuardWithIf), the row tails guarded too, so every size works.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    const TailStrategy guard = TailStrategy::GuardWithIf;
    // @layer compute
    auto gemv = [&](Func mv, RDom r) {
        Var row = mv.args()[0], u{"u_" + mv.name()};
        RVar ko{"ko"}, ki{"ki"};
        Func o = mv.in();
        o.compute_root();
        Func lanes = mv.update().split(r.x, ko, ki, vec, guard).rfactor(ki, u);
        mv.compute_at(o, row);
        lanes.compute_at(o, row);
        lanes.vectorize(u, vec);
        lanes.update().vectorize(u, vec);
        mv.update().atomic().vectorize(ki);
    };
    // @layer loops
    gemv(a.din_mv, a.rf);
    for (task::Gru *g : {&a.vad, &a.noise, &a.den}) {
        gemv(g->gx, g->rx);
        gemv(g->uh, g->ru);
        gemv(g->un, g->rn);
        g->rh.compute_root().vectorize(a.j, vec, guard);
        g->h_new.compute_root().vectorize(a.j, vec, guard);
    }
    gemv(a.out_mv, a.rg);
    // @layer vector
    a.d.compute_root().vectorize(a.j, vec, guard);
    a.noise_in.compute_root().vectorize(a.j, vec, guard);
    a.den_in.compute_root().vectorize(a.j, vec, guard);
    for (Func f : {a.gains, a.h_vad_new, a.h_noise_new, a.h_den_new}) f.vectorize(a.j, vec, guard);
    // @end
    return a.kernel();
}
