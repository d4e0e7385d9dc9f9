// Expert cpu schedule for `stereo_bm_sad_wta`, as OpenCV's SIMD StereoBM: strips of 8 rows
// in parallel; a strip prefilters its 24 rows of both images once (int16, the right image
// padded by 63 border columns); then per output row the 15-row column sums of |fL - fR| for
// all 64 disparities (one row buffer, W columns x 64, copied once with 7 border columns each
// side), the 15-column window sums from them (W x 64, in L1/L2), and the
// winner-take-all, uniqueness and sub-pixel passes over the 64 costs, all vectorized over
// columns in int16 lanes. Tails GuardWithIf, so any sizes work.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Int(16));
    const TailStrategy guard = TailStrategy::GuardWithIf;
    Var yo{"yo"}, yi{"yi"};
    // @layer compute
    // The algorithm in int16 lanes (exact: |s| <= 1020, a column sum <= 15 * 62, a cost
    // <= 225 * 62 = 13950 and the uniqueness threshold <= 16042 all fit), as OpenCV's SIMD
    // StereoBM: twice the lanes of int32.
    const int D = task::Algorithm::D, h = task::Algorithm::win / 2;
    Var x = a.x, y = a.y, d = a.d;
    Expr W = a.left.dim(0).extent(), H = a.left.dim(1).extent();
    RDom rv(-h, 2 * h + 1, "rv"), ru(-h, 2 * h + 1, "ru"), rd(0, D, "rd");
    Func fl16("fl16"), fr16("fr16"), col("col"), colp("colp"), cst("cst"), bst("bst"), rej("rej"), out("out");
    // The clamped coordinates are resolved once, in padded copies, so that every pass of the
    // window reads dense vectors (clamped indices inside the window loops became gathers):
    //   fl16(x, y) = fl at the clamped row; fr16(x, y) = fr at column max(x, 0) (x from -63)
    //   and the clamped row; col over the columns [0, W) only (a clamped column's window
    //   column equals the border column's: |fl(cx) - fr(max(cx - d, 0))| depends on cx only),
    //   colp its copy padded by the border columns for the 15-column sums.
    fl16(x, y) = cast<int16_t>(a.fl(x, clamp(y, 0, H - 1)));
    fr16(x, y) = cast<int16_t>(a.fr(max(x, 0), clamp(y, 0, H - 1)));
    col(x, y, d) = cast<int16_t>(0);
    col(x, y, d) += cast<int16_t>(abs(fl16(x, y + rv) - fr16(x - d, y + rv)));
    colp(x, y, d) = col(clamp(x, 0, W - 1), y, d);
    cst(x, y, d) = cast<int16_t>(0);
    cst(x, y, d) += colp(x + ru, y, d);
    Expr c = cst(x, y, rd);
    bst(x, y) = Tuple(cst(x, y, 0), cast<int16_t>(0));
    bst(x, y) = Tuple(select(c < bst(x, y)[0], c, bst(x, y)[0]), select(c < bst(x, y)[0], cast<int16_t>(rd), bst(x, y)[1]));
    Expr c0 = bst(x, y)[0], m = bst(x, y)[1];
    Expr thresh = cast<int16_t>(cast<int32_t>(c0) + (cast<int32_t>(c0) * task::Algorithm::uniqueness) / 100);
    rej(x, y) = cast<int16_t>(0);
    rej(x, y) = max(rej(x, y), select((rd < m - 1 || rd > m + 1) && c <= thresh, cast<int16_t>(1), cast<int16_t>(0)));
    Expr mi = cast<int32_t>(m);
    Expr cm = cast<int32_t>(cst(x, y, clamp(select(mi == 0, 1, mi - 1), 0, D - 1))), cp = cast<int32_t>(cst(x, y, clamp(select(mi == D - 1, D - 2, mi + 1), 0, D - 1)));
    Expr c0i = cast<int32_t>(c0);
    Expr den = cm + cp - 2 * c0i + cast<int32_t>(abs(cm - cp));
    Expr frac = select(den > 0, ((cm - cp) * 256) / max(den, 1), 0);
    out(x, y) = cast<int16_t>(select(rej(x, y) != 0, -16, (mi * 256 + frac + 15) >> 4));
    // @layer loops
    out.split(y, yo, yi, 8, guard).parallel(yo);
    col.update().reorder(x, rv, y, d);
    colp.reorder(x, y, d);
    cst.update().reorder(x, ru, y, d);
    bst.update().reorder(x, rd, y);
    rej.update().reorder(x, rd, y);
    // @layer memory
    fl16.compute_at(out, yo);
    fr16.compute_at(out, yo);
    for (Func f : {col, colp, cst, bst, rej}) f.compute_at(out, yi);
    // @layer vector
    for (Func f : {fl16, fr16, colp, out}) f.vectorize(x, vec, guard);
    for (Func f : {col, cst, bst, rej}) {
        f.vectorize(x, vec, guard);
        f.update().vectorize(x, vec, guard);
    }
    // @end
    return {{a.left, a.right}, {out}};
}
