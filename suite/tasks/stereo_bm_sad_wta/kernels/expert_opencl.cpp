// Expert opencl schedule for `stereo_bm_sad_wta`, as GPU block matchers (OpenCV's
// cuda::StereoBM) run it: the prefiltered images once (int16), the column sums of |fL - fR|
// one work-item per (column, row, disparity) and the window sums from them likewise (32 x 4 x 2
// work-groups, adjacent work-items on adjacent columns), then one work-item per pixel runs the
// winner-take-all, the uniqueness check and the sub-pixel step over its 64 costs. int16
// lanes as in the cpu expert. Tails GuardWithIf.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const TailStrategy guard = TailStrategy::GuardWithIf;
    Var xo{"xo"}, yo{"yo"}, zo{"zo"}, xi{"xi"}, yi{"yi"}, zi{"zi"};
    // @layer compute
    // The algorithm in int16 lanes (exact: |s| <= 1020, a column sum <= 15 * 62, a cost
    // <= 225 * 62 = 13950 and the uniqueness threshold <= 16042 all fit), as OpenCV's SIMD
    // StereoBM: twice the lanes of int32.
    const int D = task::Algorithm::D, h = task::Algorithm::win / 2;
    Var x = a.x, y = a.y, d = a.d;
    Expr W = a.left.dim(0).extent(), H = a.left.dim(1).extent();
    RDom rv(-h, 2 * h + 1, "rv"), ru(-h, 2 * h + 1, "ru"), rd(0, D, "rd");
    Func fl16("fl16"), fr16("fr16"), col("col"), cst("cst"), bst("bst"), rej("rej"), out("out");
    fl16(x, y) = cast<int16_t>(a.fl(x, y));
    fr16(x, y) = cast<int16_t>(a.fr(x, y));
    // likely(): the clamps only bite at the borders, so Halide partitions the loops and the
    // steady state reads dense vectors.
    Expr cx = clamp(likely(x), 0, W - 1), cyv = clamp(likely(y + rv), 0, H - 1);
    col(x, y, d) = cast<int16_t>(0);
    col(x, y, d) += cast<int16_t>(abs(fl16(cx, cyv) - fr16(max(likely(cx - d), 0), cyv)));
    cst(x, y, d) = cast<int16_t>(0);
    cst(x, y, d) += col(x + ru, y, d);
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
    for (Func f : {fl16, fr16, col, cst}) f.compute_root();
    // @layer loops
    for (Func f : {fl16, fr16}) f.gpu_tile(x, y, xo, yo, xi, yi, 32, 8, guard);
    for (Func f : {col, cst}) {
        f.gpu_tile(x, y, d, xo, yo, zo, xi, yi, zi, 32, 4, 2, guard);
        f.update().gpu_tile(x, y, d, xo, yo, zo, xi, yi, zi, 32, 4, 2, guard);
    }
    out.gpu_tile(x, y, xo, yo, xi, yi, 32, 8, guard);
    // @layer memory
    bst.compute_at(out, xi);
    rej.compute_at(out, xi);
    // @end
    return {{a.left, a.right}, {out}};
}
