// Expert cpu schedule for `pose_heatmap_softargmax`: the head as one parallel conv pass that
// produces the heatmaps, then one streaming decode per keypoint.
//   hm: per row pair (in parallel), the 3x3 conv + ReLU (h) is computed for all C2 channels
//      over those rows in register tiles of 1 vector of columns x 2 rows x 8 channels across
//      all C input channels and the 9 unrolled taps, into a strip buffer; then the 1x1 conv
//      to the K heatmaps in register tiles of 1 vector x 8 heatmaps across the C2 channels,
//      bias as initial value;
//   mx, coords: keypoints in parallel; per keypoint the maximum (in vector lanes), then one
//      pass that sums e,
//      e * col and e * row together (the exponentials computed once, in vectors: each
//      reduction is split into vector lanes with rfactor and folded at the end).
// feat is read through a zero-padded copy (feat_pad, computed once) so the conv tiles can
// run past the right edge (bound_extent, so they stay in registers); extra columns are
// never stored. Tails use GuardWithIf.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    const int chans = 8;
    const TailStrategy guard = TailStrategy::GuardWithIf;
    Var xo{"xo"}, xi{"xi"}, yo{"yo"}, yi{"yi"}, co{"co"}, ci{"ci"}, u{"u"};
    RVar rxo{"rxo"}, rxi{"rxi"}, mxo{"mxo"}, mxi{"mxi"};
    Var um{"um"};
    // @layer compute
    a.feat_pad.compute_root();
    a.mx.compute_root();
    // The three sums share one pass: a Tuple-valued reduction, split into vector lanes.
    Func sums("sums");
    sums(a.k, a.n) = Tuple(0.0f, 0.0f, 0.0f);
    {
        Expr ev = a.e(a.rp.x, a.rp.y, a.k, a.n);
        sums(a.k, a.n) = Tuple(sums(a.k, a.n)[0] + ev, sums(a.k, a.n)[1] + ev * cast<float>(a.rp.x),
                               sums(a.k, a.n)[2] + ev * cast<float>(a.rp.y));
    }
    Func coords("coords_fast");
    coords(a.j, a.k, a.n) = select(a.j == 0, sums(a.k, a.n)[1], sums(a.k, a.n)[2]) / sums(a.k, a.n)[0];
    Func lanes = sums.update().split(a.rp.x, rxo, rxi, vec, guard).rfactor(rxi, u);
    Func mlanes = a.mx.update().split(a.rp.x, mxo, mxi, vec, guard).rfactor(mxi, um);
    // @layer loops
    a.hm.split(a.row, yo, yi, 2, guard)
        .split(a.c, co, ci, chans, guard)
        .split(a.col, xo, xi, vec, guard)
        .reorder(xi, ci, yi, xo, co, yo, a.n)
        .parallel(yo);
    a.h.split(a.row, yo, yi, 2, guard)
        .split(a.c, co, ci, chans, guard)
        .split(a.col, xo, xi, vec, guard)
        .reorder(xi, ci, yi, xo, co, yo, a.n);
    a.feat_pad.parallel(a.c);
    a.mx.parallel(a.k);
    coords.reorder(a.j, a.k, a.n).parallel(a.k);
    // @layer memory
    a.h.compute_at(a.hm, yo);
    a.conv1.compute_at(a.h, xo).bound_extent(a.col, vec).bound_extent(a.row, 2);
    a.conv2.compute_at(a.hm, xo).bound_extent(a.col, vec);
    sums.compute_at(coords, a.k);
    lanes.compute_at(coords, a.k);
    mlanes.compute_at(a.mx, a.k);
    // @layer vector
    a.feat_pad.vectorize(a.col, vec, guard);
    a.h.vectorize(xi).unroll(ci).unroll(yi);
    a.conv1.vectorize(a.col).unroll(a.c, chans, guard).unroll(a.row);
    a.conv1.update()
        .reorder(a.col, a.c, a.row, a.r1.y, a.r1.z, a.r1.x, a.n)
        .vectorize(a.col)
        .unroll(a.c, chans, guard)
        .unroll(a.row)
        .unroll(a.r1.y)
        .unroll(a.r1.z);
    a.hm.vectorize(xi).unroll(ci).unroll(yi);
    a.conv2.vectorize(a.col).unroll(a.c, chans, guard);
    a.conv2.update().reorder(a.col, a.c, a.r2, a.row, a.n).vectorize(a.col).unroll(a.c, chans, guard);
    lanes.vectorize(u);
    lanes.update().reorder(u, rxo, a.rp.y, a.k, a.n).vectorize(u);
    mlanes.vectorize(um);
    mlanes.update().reorder(um, mxo, a.rp.y, a.k, a.n).vectorize(um);
    // @end
    return {{a.feat, a.w1, a.b1, a.w2, a.b2}, {a.hm, coords}};
}
