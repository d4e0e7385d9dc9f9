// Expert cpu schedule for `groupnorm`: an algorithm rewrite (column sums first) and
// two parallel passes (serial under 16K elements): the statistics of the 32 groups,
// one group per task (the column sums over its channels' rows, vectorized along x and guarded
// so narrow planes are legal; the mean; the column sums of squared deviations; rstd), then the
// output, channels in parallel, rows in guarded vectors with the affine folded into one
// multiply and one add.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    // @layer compute
    // An algorithm rewrite: the group sums as column sums first (a reduction across rows,
    // which vectorizes along x with contiguous loads), then the W column sums; two passes
    // (mean, then the sum of squared deviations), as the reference.
    Expr W = a.input.dim(0).extent(), H = a.input.dim(1).extent();
    auto sq = [](Expr v) { return v * v; };
    Func colsum("colsum"), colsq("colsq"), total("total"), mean("mean"), totsq("totsq"), rstd("rstd"), out("out");
    Expr CG = a.input.dim(2).extent() / task::Algorithm::groups;
    RDom ry(0, H, 0, CG, "ry"), rx(0, W, "rx");
    // colsum(x, s): the sum of column x over every row of every channel of group s; then the
    // group's sum (colsq likewise for the squared deviations from the mean).
    colsum(a.x, a.s, a.n) = 0.0f;
    colsum(a.x, a.s, a.n) += a.input(a.x, ry.x, a.s * CG + ry.y, a.n);
    total(a.s, a.n) = 0.0f;
    total(a.s, a.n) += colsum(rx, a.s, a.n);
    mean(a.s, a.n) = total(a.s, a.n) / cast<float>(W * H * CG);
    colsq(a.x, a.s, a.n) = 0.0f;
    colsq(a.x, a.s, a.n) += sq(a.input(a.x, ry.x, a.s * CG + ry.y, a.n) - mean(a.s, a.n));
    totsq(a.s, a.n) = 0.0f;
    totsq(a.s, a.n) += colsq(rx, a.s, a.n);
    rstd(a.s, a.n) = 1.0f / sqrt(totsq(a.s, a.n) / cast<float>(W * H * CG) + task::Algorithm::eps);
    Expr s_of_c = a.c / CG;
    out(a.x, a.y, a.c, a.n) = (a.input(a.x, a.y, a.c, a.n) - mean(s_of_c, a.n)) * (rstd(s_of_c, a.n) * a.weight(a.c)) + a.bias(a.c);
    // @layer loops
    // The statistics of the 32 groups first, one group per task (mean and rstd at root); then
    // the output, channels in parallel. (Fusing a group's output into its task would need the
    // bounds of c / CG, which Halide cannot narrow for a run-time CG.)
    Expr work = W * H * a.input.dim(2).extent();
    for (Func st : {mean, rstd}) st.compute_root().specialize(work >= 16384).parallel(a.s);
    Stage big = out.specialize(work >= 16384);
    big.parallel(a.c);
    // @layer memory
    colsum.compute_at(mean, a.s);
    total.compute_at(mean, a.s);
    colsq.compute_at(rstd, a.s);
    totsq.compute_at(rstd, a.s);
    // @layer vector
    for (Stage s : {big, Stage(out)}) s.vectorize(a.x, vec, TailStrategy::GuardWithIf);
    for (Func st : {colsum, colsq}) {
        st.vectorize(a.x, vec, TailStrategy::GuardWithIf);
        st.update().reorder(a.x, ry.x, ry.y, a.s, a.n).vectorize(a.x, vec, TailStrategy::GuardWithIf);
    }
    // @end
    return {{a.input, a.weight, a.bias}, {out}};
}
