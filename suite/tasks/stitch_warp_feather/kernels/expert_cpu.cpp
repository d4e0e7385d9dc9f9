// Expert cpu schedule for `stitch_warp_feather`: one fused pass, rows in parallel, each row
// vectorized over its columns. The source positions and b's feather weight are computed once
// per pixel (a vector of columns) for the 3 channels, the 4 bilinear taps per channel are
// gathered with the zero-border test, and the blend with a is written plane by plane.
// The column split is GuardWithIf, so any size works, on any vector width.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    const TailStrategy guard = TailStrategy::GuardWithIf;
    Var xo{"xo"}, xi{"xi"};
    // @layer compute
    // bx, by, wb are stored per vector of columns (shared by the 3 channels); tapb and bw inlined.
    a.out.bound(a.c, 0, 3);
    // @layer loops
    a.out.split(a.x, xo, xi, vec, guard).reorder(xi, a.c, xo, a.y).parallel(a.y);
    // @layer memory
    for (Func f : {a.bx, a.by, a.wb}) f.compute_at(a.out, xo);
    // @layer vector
    a.out.vectorize(xi).unroll(a.c);
    for (Func f : {a.bx, a.by, a.wb}) f.vectorize(a.x, vec, guard);
    // @end
    return a.kernel();
}
