// Expert cpu schedule for `vww_mobilenetv1_025_int8`: each depthwise-separable block is one fused,
// parallel pass, as optimized MobileNet runtimes run it (the depthwise output never leaves
// the cache):
//   a1..a12, feat: strips of 2 output rows in parallel. Per strip, the depthwise 3x3 conv +
//      bias + ReLU (d) is computed first for all its input channels over those rows (9 taps
//      written out, vectorized over columns, the 'same' zero padding an inlined select that
//      loop partitioning removes from the interior) into a strip buffer of a few KB; then
//      the pointwise conv runs in register tiles of 1 vector of columns x 8 output channels
//      of int32 accumulators across all input channels (one widened d load feeds 8
//      multiply-adds), bias as initial value, the per-channel requantization and the ReLU
//      clamp fused into the only int8 store of the block; d is requantized to int8 as it is
//      computed (the strip buffer holds int8);
//   a0: the 3x3 stride-2 stem in register tiles of 1 vector x 4 channels across the 3 input
//      channels and 9 unrolled taps;
//   pool_sum, logits: the global average pool, then the classifier (the rounded average and
//      the requantization inlined).
// The pointwise tiles are full vectors even past the right edge (bound_extent, so they stay
// in registers): the extra columns read the strip buffer, which is computed that wide, and
// are never stored. Maps are 3-48 columns wide, so vectors are at most 8 int32 lanes. The
// intermediate maps a0..a12 round their row and column tiles up (RoundUp: their buffers grow by
// less than a tile, and the extra rows and columns read only the zero-point padding); only the
// channel tiles (the weights end there) and the output feat use GuardWithIf. Guarding every
// tile edge made Halide partition each block's loops three ways and took its lowering past a
// minute on a 2-core machine; this way the generator runs in about a third of that.
#include <ekb/kernel.h>

#include <algorithm>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int blocks = task::Algorithm::blocks;
    const int vec = std::min(target.natural_vector_size(Int(32)), 8);
    const int rows = 2, chans = 8;
    const TailStrategy guard = TailStrategy::GuardWithIf, round = TailStrategy::RoundUp;
    Var xo{"xo"}, xi{"xi"}, yo{"yo"}, yi{"yi"}, co{"co"}, ci{"ci"};
    auto out = [&](int i) { return i == blocks ? a.feat : a.a[i]; };
    // @layer compute
    for (int i = 0; i < blocks; i++) a.a[i].compute_root();
    a.pool_sum.compute_root();
    // @layer loops
    a.a[0].split(a.c, co, ci, 4, guard).split(a.col, xo, xi, vec, round).reorder(xi, ci, xo, co, a.row, a.n).parallel(a.row);
    for (int i = 1; i <= blocks; i++) {
        const TailStrategy edge = i == blocks ? guard : round;
        out(i).split(a.row, yo, yi, rows, edge)
            .split(a.c, co, ci, chans, guard)
            .split(a.col, xo, xi, vec, edge)
            .reorder(xi, ci, xo, co, yi, yo, a.n)
            .parallel(yo);
    }
    // @layer memory
    a.stem.compute_at(a.a[0], xo).bound_extent(a.col, vec);
    for (int i = 1; i <= blocks; i++) {
        a.pw[i].compute_at(out(i), xo).bound_extent(a.col, vec);
        a.d[i].compute_at(out(i), yo);
    }
    // @layer vector
    a.a[0].vectorize(xi).unroll(ci);
    a.stem.vectorize(a.col).unroll(a.c, 4, guard);
    a.stem.update()
        .reorder(a.col, a.c, a.r0.y, a.r0.z, a.r0.x, a.row, a.n)
        .vectorize(a.col)
        .unroll(a.c, 4, guard)
        .unroll(a.r0.y)
        .unroll(a.r0.z);
    for (int i = 1; i <= blocks; i++) {
        out(i).vectorize(xi).unroll(ci);
        a.d[i].vectorize(a.col, vec, round);
        a.pw[i].vectorize(a.col).unroll(a.c, chans, guard);
        a.pw[i].update().reorder(a.col, a.c, a.rpw[i], a.row, a.n).vectorize(a.col).unroll(a.c, chans, guard);
    }
    a.pool_sum.vectorize(a.c, vec, guard);
    a.pool_sum.update().reorder(a.c, a.rp.x, a.rp.y, a.n).vectorize(a.c, vec, guard);
    a.logits.vectorize(a.o, vec, guard);
    // @end
    return a.kernel();
}
