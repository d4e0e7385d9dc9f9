// Expert cpu schedule for `dscnn_kws_int8`: each depthwise-separable block is one fused,
// parallel pass, as CMSIS-NN / TFLite Micro style runtimes run DS-CNN (the depthwise output
// never leaves the cache):
//   a1..a3, feat: strips of 2 output rows in parallel. Per strip, the depthwise 3x3 conv,
//      requantized with its ReLU clamp (d, 9 taps written out, vectorized over columns, the
//      -128 padding an inlined select), is computed for all C channels over those rows into
//      an int8 strip buffer; then the pointwise conv runs in register tiles of 1 vector of
//      columns x 8 output channels of int32 accumulators across all C input channels (one
//      widened d load feeds 8 multiply-adds), bias as initial value, requantization and
//      ReLU clamp fused into the only int8 store of the block;
//   a0: the 10x4 stride-2 conv in register tiles of 1 vector x 8 channels across the 40
//      taps (kx unrolled), rows in parallel;
//   pool_sum, logits: the global average pool, then the classifier (the rounded average and
//      the requantization inlined).
// The tiles are full vectors even past the right edge (bound_extent, so they stay in
// registers): the extra columns read the strip buffer or the padded input, computed that
// wide, and are never stored. The maps are 5-7 columns wide, so vectors are 8 int32 lanes.
// Store tails use GuardWithIf.
#include <ekb/kernel.h>

#include <algorithm>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int blocks = task::Algorithm::blocks;
    const int vec = std::min(target.natural_vector_size(Int(32)), 8);
    const int rows = 2, chans = 8;
    const TailStrategy guard = TailStrategy::GuardWithIf;
    Var xo{"xo"}, xi{"xi"}, yo{"yo"}, yi{"yi"}, co{"co"}, ci{"ci"};
    auto out = [&](int i) { return i == blocks ? a.feat : a.a[i]; };
    // @layer compute
    for (int i = 0; i < blocks; i++) a.a[i].compute_root();
    a.pool_sum.compute_root();
    // @layer loops
    a.a[0].split(a.c, co, ci, chans, guard).split(a.col, xo, xi, vec, guard).reorder(xi, ci, xo, co, a.row, a.n).parallel(a.row);
    for (int i = 1; i <= blocks; i++) {
        out(i).split(a.row, yo, yi, rows, guard)
            .split(a.c, co, ci, chans, guard)
            .split(a.col, xo, xi, vec, guard)
            .reorder(xi, ci, xo, co, yi, yo, a.n)
            .parallel(yo);
    }
    // @layer memory
    a.conv1.compute_at(a.a[0], xo).bound_extent(a.col, vec);
    for (int i = 0; i < blocks; i++) {
        a.pw[i].compute_at(out(i + 1), xo).bound_extent(a.col, vec);
        a.d[i].compute_at(out(i + 1), yo);
    }
    // @layer vector
    a.a[0].vectorize(xi).unroll(ci);
    a.conv1.vectorize(a.col).unroll(a.c, chans, guard);
    a.conv1.update().reorder(a.col, a.c, a.r1.x, a.r1.y, a.row, a.n).vectorize(a.col).unroll(a.c, chans, guard).unroll(a.r1.x);
    for (int i = 0; i < blocks; i++) {
        out(i + 1).vectorize(xi).unroll(ci);
        a.d[i].vectorize(a.col, vec, guard);
        a.pw[i].vectorize(a.col).unroll(a.c, chans, guard);
        a.pw[i].update().reorder(a.col, a.c, a.rpw, a.row, a.n).vectorize(a.col).unroll(a.c, chans, guard);
    }
    a.pool_sum.vectorize(a.c, vec, guard);
    a.pool_sum.update().reorder(a.c, a.rp.x, a.rp.y, a.n).vectorize(a.c, vec, guard);
    a.logits.vectorize(a.k, vec, guard);
    // @end
    return a.kernel();
}
