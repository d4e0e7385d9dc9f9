// Expert cpu schedule for `mobilenetv2_block`: the whole block fused per strip of output
// rows, strips in parallel. Inside a strip, rows of h1 slide through a small buffer (each
// h1 row is expanded once), then per output row the depthwise row h2 over all E channels
// and the project conv with its accumulators in registers (1 vector of columns x 8
// output channels), the bias and residual fused into the store. Vectorized over columns.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    const int rows = 8;  // output rows per strip (one parallel task)
    Var ro{"ro"}, ri{"ri"}, xo{"xo"}, xi{"xi"}, co{"co"}, ci{"ci"};
    // @layer compute
    // h1 and h2 are materialized per row inside the strip; expand, dw and project live in
    // registers of their consumers' tiles; h1_padded (the zero pad) is materialized per row
    // so that the depthwise reads it densely.
    // @layer loops
    a.y.split(a.row, ro, ri, rows, TailStrategy::GuardWithIf)
        .split(a.col, xo, xi, vec, TailStrategy::GuardWithIf)
        .split(a.c, co, ci, 8, TailStrategy::GuardWithIf)
        .reorder(xi, ci, xo, co, ri, ro, a.n)
        .parallel(ro);
    a.h1.split(a.col, xo, xi, vec, TailStrategy::GuardWithIf)
        .split(a.c, co, ci, 8, TailStrategy::GuardWithIf)
        .reorder(xi, ci, xo, co, a.row, a.n);
    a.h2.split(a.col, xo, xi, vec, TailStrategy::GuardWithIf).reorder(xi, xo, a.c, a.row, a.n);
    // @layer memory
    a.project.compute_at(a.y, xo);
    a.h2.compute_at(a.y, ri);
    a.dw.compute_at(a.h2, xo);
    a.h1_padded.store_at(a.y, ro).compute_at(a.y, ri);
    a.h1.store_at(a.y, ro).compute_at(a.y, ri);
    a.expand.compute_at(a.h1, xo);
    // @layer vector
    a.y.vectorize(xi).unroll(ci);
    a.project.vectorize(a.col, vec, TailStrategy::GuardWithIf).unroll(a.c);
    a.project.update().reorder(a.col, a.c, a.re).vectorize(a.col, vec, TailStrategy::GuardWithIf).unroll(a.c);
    a.h1.vectorize(xi).unroll(ci);
    a.expand.vectorize(a.col, vec, TailStrategy::GuardWithIf).unroll(a.c);
    a.expand.update().reorder(a.col, a.c, a.rc).vectorize(a.col, vec, TailStrategy::GuardWithIf).unroll(a.c);
    a.h1_padded.vectorize(a.col, vec, TailStrategy::GuardWithIf);
    a.h2.vectorize(xi);
    a.dw.vectorize(a.col, vec, TailStrategy::GuardWithIf);
    a.dw.update().reorder(a.col, a.rk.x, a.rk.y).vectorize(a.col, vec, TailStrategy::GuardWithIf).unroll(a.rk.x).unroll(a.rk.y);
    // @end
    return a.kernel();
}
