// Expert cuda schedule for `rnnoise_frame`: one frame is a chain of small matrix-vector
// products, so each product is one kernel of cooperative dot products: a block of 32 x 8
// threads computes 8 output rows, the 32 threads of a row reading 32 consecutive weights of
// that row per step (coalesced, the row-major weights used as stored) into lane-wise partial
// sums (rfactor over 32 lanes), which the block folds in shared memory at the end of the row.
// The elementwise stages (tanh, the r h product, the GRU state update, the concatenations,
// the gains) are one thread per unit, 64 per block. Tails GuardWithIf.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const TailStrategy guard = TailStrategy::GuardWithIf;
    const int lanes_n = 32, rows = 8;
    Var ro{"ro"}, ri{"ri"}, bo{"bo"}, bi{"bi"};
    // @layer compute
    auto gemv = [&](Func mv, RDom r) {
        Var row = mv.args()[0], u{"u_" + mv.name()};
        RVar ko{"ko"}, ki{"ki"};
        Func o = mv.in();
        o.compute_root().split(row, ro, ri, rows, guard).gpu_blocks(ro).gpu_threads(ri);
        Func lanes = mv.update().split(r.x, ko, ki, lanes_n, guard).rfactor(ki, u);
        mv.compute_at(o, ro).gpu_threads(row);
        mv.update().gpu_threads(row);
        lanes.compute_at(o, ro).gpu_threads(u, row);
        lanes.update().gpu_threads(u, row);
    };
    auto pointwise = [&](Func f) { f.compute_root().gpu_tile(a.j, ro, ri, 64, guard); };
    // @layer loops
    gemv(a.din_mv, a.rf);
    for (task::Gru *g : {&a.vad, &a.noise, &a.den}) {
        gemv(g->gx, g->rx);
        gemv(g->uh, g->ru);
        gemv(g->un, g->rn);
        pointwise(g->rh);
        pointwise(g->h_new);
    }
    gemv(a.out_mv, a.rg);
    // @layer vector
    for (Func f : {a.d, a.noise_in, a.den_in}) pointwise(f);
    for (Func f : {a.gains, a.h_vad_new, a.h_noise_new, a.h_den_new}) f.gpu_tile(a.j, a.b, bo, ro, bi, ri, 64, 1, guard);
    // @end
    return a.kernel();
}
