// Expert cpu schedule for `instancenorm`: an algorithm rewrite (column sums first) and
// channels in parallel (serial under 16K elements); per channel, the column sums of
// the plane (vectorized along x, guarded so narrow planes are legal), the mean, the column
// sums of squared deviations, rstd, then the output rows in guarded vectors with the affine
// folded into one multiply and one add.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    // @layer compute
    // An algorithm rewrite: the plane sums as column sums first (a reduction across rows,
    // which vectorizes along x with contiguous loads), then the W column sums; two passes
    // (mean, then the sum of squared deviations), as the reference.
    Expr W = a.input.dim(0).extent(), H = a.input.dim(1).extent();
    auto sq = [](Expr v) { return v * v; };
    Func colsum("colsum"), colsq("colsq"), total("total"), mean("mean"), totsq("totsq"), rstd("rstd"), out("out");
    RDom ry(0, H, "ry"), rx(0, W, "rx");
    // colsum(x, s): the sum of column x of plane s over its rows; then the plane's sum (colsq
    // likewise for the squared deviations from the mean).
    colsum(a.x, a.s, a.n) = 0.0f;
    colsum(a.x, a.s, a.n) += a.input(a.x, ry, a.s, a.n);
    total(a.s, a.n) = 0.0f;
    total(a.s, a.n) += colsum(rx, a.s, a.n);
    mean(a.s, a.n) = total(a.s, a.n) / cast<float>(W * H);
    colsq(a.x, a.s, a.n) = 0.0f;
    colsq(a.x, a.s, a.n) += sq(a.input(a.x, ry, a.s, a.n) - mean(a.s, a.n));
    totsq(a.s, a.n) = 0.0f;
    totsq(a.s, a.n) += colsq(rx, a.s, a.n);
    rstd(a.s, a.n) = 1.0f / sqrt(totsq(a.s, a.n) / cast<float>(W * H) + task::Algorithm::eps);
    Expr s_of_c = a.c;
    out(a.x, a.y, a.c, a.n) = (a.input(a.x, a.y, a.c, a.n) - mean(s_of_c, a.n)) * (rstd(s_of_c, a.n) * a.weight(a.c)) + a.bias(a.c);
    // @layer loops
    Expr work = W * H * a.input.dim(2).extent();
    Stage big = out.specialize(work >= 16384);
    big.parallel(a.c);
    // @layer memory
    for (Func st : {colsum, total, mean, colsq, totsq, rstd}) st.compute_at(out, a.c);
    // @layer vector
    for (Stage s : {big, Stage(out)}) s.vectorize(a.x, vec, TailStrategy::GuardWithIf);
    for (Func st : {colsum, colsq}) {
        st.vectorize(a.x, vec, TailStrategy::GuardWithIf);
        st.update().reorder(a.x, ry, a.s, a.n).vectorize(a.x, vec, TailStrategy::GuardWithIf);
    }
    // @end
    return {{a.input, a.weight, a.bias}, {out}};
}
