// Expert cpu schedule for `resnet8_stage`: three parallel passes over small, cache-resident
// maps.
//   padded_x: the zero-padded input, copied once so that the stride-2 conv reads it densely;
//   h: conv1 (3x3, stride 2) + bias + ReLU in register tiles of 1 vector of columns x 2 rows
//      x 4 channels, accumulated across all C input channels and the 9 unrolled taps, output
//      channel groups in parallel; h is then copied once into its zero-padded frame
//      (padded_h, a few KB);
//   y: conv2 (3x3) in register tiles of 1 vector x 4 rows x 4 channels across all K input
//      channels and 9 unrolled taps, and the 1x1 stride-2 shortcut for the same tile; both
//      biases, the add and the ReLU are fused into the store.
// The conv tiles are full-size even at the right and bottom edges (bound_extent), so they
// stay in registers: the extra columns and rows read the padded frames (defined everywhere)
// and are never stored. ResNet-8's maps are 8-16 columns wide, so the vectors are at most 8
// lanes wide even where the natural width is 16.
#include <ekb/kernel.h>

#include <algorithm>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = std::min(target.natural_vector_size(Float(32)), 8);
    const int chans = 4;
    const TailStrategy guard = TailStrategy::GuardWithIf;
    Var xo{"xo"}, xi{"xi"}, yo{"yo"}, yi{"yi"}, co{"co"}, ci{"ci"};
    // @layer compute
    // padded_x, h and padded_h are stored whole (small); conv1, conv2 and shortcut live in
    // register tiles of their consumers (below).
    a.padded_x.compute_root();
    a.h.compute_root();
    a.padded_h.compute_root();
    // @layer loops
    a.padded_x.parallel(a.c);
    a.padded_h.parallel(a.c);
    a.h.split(a.row, yo, yi, 2, guard)
        .split(a.c, co, ci, chans, guard)
        .split(a.col, xo, xi, vec, guard)
        .reorder(xi, ci, yi, xo, yo, co, a.n)
        .parallel(co);
    a.y.split(a.row, yo, yi, 4, guard)
        .split(a.c, co, ci, chans, guard)
        .split(a.col, xo, xi, vec, guard)
        .reorder(xi, ci, yi, xo, yo, co, a.n)
        .parallel(co);
    // @layer memory
    a.conv1.compute_at(a.h, xo).bound_extent(a.col, vec).bound_extent(a.row, 2);
    a.conv2.compute_at(a.y, xo).bound_extent(a.col, vec).bound_extent(a.row, 4);
    a.shortcut.compute_at(a.y, xo);  // reads x itself (unpadded): exact, guarded extents
    // @layer vector
    a.padded_x.vectorize(a.col, vec, guard);
    a.padded_h.vectorize(a.col, vec, guard);
    a.h.vectorize(xi).unroll(ci).unroll(yi);
    a.y.vectorize(xi).unroll(ci).unroll(yi);
    a.conv1.vectorize(a.col).unroll(a.row).unroll(a.c);
    a.conv1.update()
        .reorder(a.col, a.c, a.row, a.r1.y, a.r1.z, a.r1.x, a.n)
        .vectorize(a.col).unroll(a.c).unroll(a.row).unroll(a.r1.y).unroll(a.r1.z);
    a.conv2.vectorize(a.col).unroll(a.row).unroll(a.c);
    a.conv2.update()
        .reorder(a.col, a.c, a.row, a.r2.y, a.r2.z, a.r2.x, a.n)
        .vectorize(a.col).unroll(a.c).unroll(a.row).unroll(a.r2.y).unroll(a.r2.z);
    a.shortcut.vectorize(a.col, vec, guard).unroll(a.row).unroll(a.c);
    a.shortcut.update().reorder(a.col, a.c, a.row, a.rs, a.n).vectorize(a.col, vec, guard).unroll(a.c).unroll(a.row);
    // @end
    return a.kernel();
}
