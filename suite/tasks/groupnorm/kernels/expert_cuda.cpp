// Expert cuda schedule for `groupnorm`: the cpu expert's rewrite (column sums first) in five
// kernels: the column sums (one thread per column and group, 32 x 4 per block; at each row
// neighbouring threads read neighbouring pixels), the group means (one thread each, over the W
// column sums), the column sums of squared deviations, rstd, and the output in 32x8 tiles with
// the affine folded into one multiply and one add.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var xo{"xo"}, yo{"yo"}, xi{"xi"}, yi{"yi"}, so{"so"}, si{"si"};
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
    for (Func st : {colsum, mean, colsq, rstd}) st.compute_root();
    // @layer loops
    for (Func st : {colsum, colsq}) {
        st.gpu_tile(a.x, a.s, xo, so, xi, si, 32, 4, TailStrategy::GuardWithIf);
        st.update().gpu_tile(a.x, a.s, xo, so, xi, si, 32, 4, TailStrategy::GuardWithIf);
    }
    mean.gpu_tile(a.s, so, si, 32, TailStrategy::GuardWithIf);
    rstd.gpu_tile(a.s, so, si, 32, TailStrategy::GuardWithIf);
    out.gpu_tile(a.x, a.y, xo, yo, xi, yi, 32, 8, TailStrategy::GuardWithIf).gpu_blocks(a.c);
    // @layer memory
    total.compute_at(mean, si).store_in(MemoryType::Register);
    totsq.compute_at(rstd, si).store_in(MemoryType::Register);
    // @end
    return {{a.input, a.weight, a.bias}, {out}};
}
