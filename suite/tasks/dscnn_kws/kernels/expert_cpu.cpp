// Expert cpu schedule for `dscnn_kws`: the feature maps are tiny (e.g. 25x5 pixels x 64
// channels) and narrow (W1 = 5 columns), so every activation is stored channel-innermost
// (NHWC, reorder_storage) and all convolutions are vectorized over the channels:
//   a1, a2, a3 (conv1 and the pointwise convs): register tiles of 1 vector of output channels
//     x 4 rows, the 4 accumulators live across the whole reduction (one weight vector load
//     and 4 broadcast FMAs per step), bias + ReLU fused into the store;
//   d1, d2 (depthwise 3x3): one vector of channels per pixel, the 9 taps unrolled, the zero
//     pad a select on a whole vector, bias + ReLU fused;
//   pool_sum: a vector of channels accumulated over the pixels.
// Every weight tensor is copied once transposed (output channel innermost) so that a vector of
// channels is one dense load. Each layer runs in parallel over its row tiles; the whole
// network's activations stay in L1/L2.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    const int rows = 4;  // rows per register tile
    const TailStrategy guard = TailStrategy::GuardWithIf;
    Var co{"co"}, ci{"ci"}, ro{"ro"}, ri{"ri"};
    // @layer compute
    // Materialized (channel-innermost): the padded input, a1, d1, a2, d2, a3. The reductions
    // live in registers of their consumers' tiles; the zero pads of a1 and a2 are inlined.
    a.x_padded.compute_root();
    for (Func f : {a.a1, a.d1, a.a2, a.d2, a.a3}) {
        f.compute_root().reorder_storage(a.c, a.col, a.row, a.n);
    }
    a.pool_sum.compute_root();
    // The weights, transposed once: output channel innermost.
    for (ImageParam w : {a.w1, a.dw1_w, a.dw2_w, a.pw1_w, a.pw2_w}) {
        Func wt = w.in();
        std::vector<Var> v = wt.args();
        wt.compute_root().reorder_storage(v[3], v[2], v[0], v[1]);
    }
    // @layer loops
    // conv1 and the pointwise convs: tiles of 1 vector of channels x 4 rows.
    for (Func f : {a.a1, a.a2, a.a3}) {
        f.split(a.c, co, ci, vec, guard)
            .split(a.row, ro, ri, rows, guard)
            .reorder(ci, ri, co, a.col, ro, a.n)
            .parallel(ro);
    }
    for (Func f : {a.d1, a.d2}) {
        f.split(a.c, co, ci, vec, guard).reorder(ci, co, a.col, a.row, a.n).parallel(a.row);
    }
    a.conv1.update().reorder(a.c, a.row, a.r1.x, a.r1.y, a.col, a.n);
    for (Func f : {a.pw1, a.pw2}) f.update().reorder(a.c, a.row, a.rc, a.col, a.n);
    for (Func f : {a.dw1, a.dw2}) f.update().reorder(a.c, a.rk.x, a.rk.y, a.col, a.row, a.n);
    a.pool_sum.update().reorder(a.c, a.rp.x, a.rp.y, a.n);
    // @layer memory
    // The accumulator tiles, channel innermost and of constant size, so that they stay in
    // registers.
    a.conv1.compute_at(a.a1, co);
    a.pw1.compute_at(a.a2, co);
    a.pw2.compute_at(a.a3, co);
    for (Func f : {a.conv1, a.pw1, a.pw2}) {
        f.reorder_storage(a.c, a.row, a.col, a.n)
            .bound_storage(a.c, vec)
            .bound_storage(a.row, rows);
    }
    a.dw1.compute_at(a.d1, co);
    a.dw2.compute_at(a.d2, co);
    for (Func f : {a.dw1, a.dw2}) f.reorder_storage(a.c, a.col, a.row, a.n).bound_storage(a.c, vec);
    // @layer vector
    for (Func f : {a.a1, a.a2, a.a3}) f.vectorize(ci).unroll(ri);
    for (Func f : {a.conv1, a.pw1, a.pw2}) {
        f.vectorize(a.c, vec, guard).unroll(a.row);
        f.update().vectorize(a.c, vec, guard).unroll(a.row);
    }
    for (Func f : {a.d1, a.d2}) f.vectorize(ci);
    for (Func f : {a.dw1, a.dw2}) {
        f.vectorize(a.c, vec, guard);
        f.update().vectorize(a.c, vec, guard).unroll(a.rk.x).unroll(a.rk.y);
    }
    a.pool_sum.vectorize(a.c, vec, guard);
    a.pool_sum.update().vectorize(a.c, vec, guard);
    // @end
    return a.kernel();
}
