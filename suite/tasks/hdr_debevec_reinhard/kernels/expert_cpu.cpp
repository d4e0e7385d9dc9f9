// Expert cpu schedule for `hdr_debevec_reinhard`, two passes over the frame as the tone map's
// global statistic requires, each parallel over strips of rows and vectorized over columns:
//   merge: per row, the exposures' weights, then the weighted log-radiance sums of the 3
//          channels, exp, and the luminance; E and L are stored for the second pass, and
//          the rows' log-luminance sums are taken in parallel over rows;
//   the frame's log-average from the row sums (H scalar adds);
//   tone map: per pixel the Reinhard curve and the luminance ratio, the 3 channels unrolled,
//          the gamma written as exp(log(v) / 2.2) so that it vectorizes (Halide 14 turns pow
//          into one powf call per lane).
// Every split is GuardWithIf, so any size works, on any vector width.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    const TailStrategy guard = TailStrategy::GuardWithIf;
    Var x = a.x, y = a.y, c = a.c, yo{"yo"}, yi{"yi"};
    // @layer compute
    // The output with a vectorizable gamma; everything else as in the algorithm.
    Func out{"out_fast"};
    {
        Expr Lm = a.scale(0) * a.lum(x, y);
        Expr Ld = Lm / (1.0f + Lm);
        Expr v = clamp(a.E(x, y, c) * (Ld / a.lum(x, y)), 0.0f, 1.0f);
        out(x, y, c) = select(v > 0.0f, exp(log(v) * task::kInvGamma), 0.0f);
    }
    a.E.compute_root().bound(c, 0, 3);
    a.lum.compute_root();
    a.rowsum.compute_root();
    a.lsum.compute_root();
    a.scale.compute_root();
    out.bound(c, 0, 3);
    // @layer loops
    a.E.reorder(x, c, y).split(y, yo, yi, 8, guard).parallel(yo);
    a.lum.split(y, yo, yi, 8, guard).parallel(yo);
    a.rowsum.parallel(y, 8);
    a.rowsum.update().parallel(y, 8);
    out.reorder(x, c, y).split(y, yo, yi, 8, guard).parallel(yo);
    // @layer memory
    a.wp.compute_at(a.E, yi);
    a.num.compute_at(a.E, yi);
    a.den.compute_at(a.E, yi);
    // @layer vector
    a.E.vectorize(x, vec, guard).unroll(c);
    a.wp.vectorize(x, vec, guard);
    a.num.vectorize(x, vec, guard);
    a.num.update().vectorize(x, vec, guard);
    a.den.vectorize(x, vec, guard);
    a.den.update().vectorize(x, vec, guard);
    a.lum.vectorize(x, vec, guard);
    out.vectorize(x, vec, guard).unroll(c);
    // @end
    return {{a.imgs, a.resp, a.log_dt}, {out}};
}
