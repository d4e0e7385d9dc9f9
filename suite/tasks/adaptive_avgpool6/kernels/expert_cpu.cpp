// Expert cpu schedule for `adaptive_avgpool6`: an algorithm rewrite, separable: per channel,
// first the column sums of each of the 6 bin rows (vectorized along x, guarded, contiguous
// loads), then the 36 bins from those W x 6 sums. Channels in chunks in parallel (about 8;
// serial under 16K elements, where waking the thread pool costs more than the work).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    Var co{"co"}, ci{"ci"};
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
    Expr C = a.input.dim(2).extent();
    // @layer loops
    out.split(a.c, co, ci, max(1, (C + 7) / 8), TailStrategy::GuardWithIf);
    out.specialize(W * H * C >= 16384).parallel(co);
    // @layer memory
    colsum.compute_at(out, ci).store_at(out, co);  // one allocation per chunk, not per channel
    total.compute_at(out, ci).store_at(out, co);
    // @layer vector
    colsum.vectorize(a.x, vec, TailStrategy::GuardWithIf);
    colsum.update().reorder(a.x, ry, a.y, a.c, a.n).vectorize(a.x, vec, TailStrategy::GuardWithIf);
    // @end
    return {{a.input}, {out}};
}
