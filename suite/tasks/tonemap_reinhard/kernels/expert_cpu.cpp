// Expert cpu schedule for `tonemap_reinhard`: one pass over the pixels, parallel over strips
// of 8 rows, vectorized along x with natural float vectors; per vector of pixels the ratio is
// computed once (in registers) and the three channel planes are scaled and stored (c
// unrolled), so each input value is read once.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    Var xo{"xo"}, xi{"xi"}, yo{"yo"}, yi{"yi"};
    // @layer loops
    a.out.bound(a.c, 0, 3)
        .split(a.x, xo, xi, vec, TailStrategy::GuardWithIf)
        .reorder(a.c, xi, xo, a.y)
        .split(a.y, yo, yi, 8, TailStrategy::GuardWithIf)
        .parallel(yo);
    // @layer memory
    a.ratio.compute_at(a.out, xo);
    // @layer vector
    a.out.vectorize(xi).unroll(a.c);
    a.ratio.vectorize(a.x, vec, TailStrategy::GuardWithIf);
    // @end
    return a.kernel();
}
