// Expert opencl schedule for `adaptive_avgpool6`: the cpu expert's separable rewrite in two
// kernels. Kernel 1: the column sums of each bin row, one work-item per (column, bin row) in
// work-groups of 32 columns x 6 bin rows, one channel per work-group row (at each input row
// neighbouring work-items read neighbouring pixels). Kernel 2: one work-item per bin adds its
// columns.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var xo{"xo"}, yo{"yo"}, xi{"xi"}, yi{"yi"};
    // @layer compute
    // An algorithm rewrite, separable: colsum(x, i) = the sum of column x over the rows of bin
    // row i (a reduction across rows: it vectorizes along x, contiguous loads), then each output
    // bin adds its columns of colsum. The input is read once. The loops run over the largest bin
    // and mask the rows (and columns) past a bin's end with a select, uniform across the vector,
    // instead of an RDom predicate (an `if` in the innermost loop, several times slower).
    using A = task::Algorithm;
    Expr W = a.input.dim(0).extent(), H = a.input.dim(1).extent();
    RDom ry(0, H / A::out_size + 2, "ry"), rx(0, W / A::out_size + 2, "rx");
    Expr y0 = A::bin_start(a.y, H), y1 = A::bin_end(a.y, H);
    Expr x0 = A::bin_start(a.x, W), x1 = A::bin_end(a.x, W);
    Func colsum("colsum"), total("total"), out("out");
    colsum(a.x, a.y, a.c, a.n) = 0.0f;
    colsum(a.x, a.y, a.c, a.n) += select(ry < y1 - y0, a.input(a.x, min(y0 + ry, H - 1), a.c, a.n), 0.0f);
    total(a.x, a.y, a.c, a.n) = 0.0f;
    total(a.x, a.y, a.c, a.n) += select(rx < x1 - x0, colsum(min(x0 + rx, W - 1), a.y, a.c, a.n), 0.0f);
    out(a.x, a.y, a.c, a.n) = total(a.x, a.y, a.c, a.n) / cast<float>((x1 - x0) * (y1 - y0));
    colsum.compute_root();
    // @layer loops
    colsum.gpu_tile(a.x, a.y, xo, yo, xi, yi, 32, 6, TailStrategy::GuardWithIf).gpu_blocks(a.c);
    colsum.update().gpu_tile(a.x, a.y, xo, yo, xi, yi, 32, 6, TailStrategy::GuardWithIf).gpu_blocks(a.c);
    out.gpu_tile(a.x, a.y, xo, yo, xi, yi, 6, 6, TailStrategy::GuardWithIf).gpu_blocks(a.c);
    // @layer memory
    total.compute_at(out, xi).store_in(MemoryType::Register);
    // @end
    return {{a.input}, {out}};
}
