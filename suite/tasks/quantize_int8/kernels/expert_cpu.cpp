// Expert cpu schedule for `quantize_int8`: one pass, scaled and rounded inlined into the int8
// store. The rows of all channels are fused into one loop that runs in parallel slices of
// 32 rows; each row is vectorized two float vectors wide (the multiplication, rounding and
// saturating narrowing to int8 in vector registers), the row tail guarded.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    Var t{"t"}, to{"to"}, ti{"ti"}, xo{"xo"}, xi{"xi"};
    // @layer compute
    // scaled and rounded are inlined into output.
    // @layer loops
    a.output.fuse(a.y, a.c, t).fuse(t, a.n, t)
        .split(t, to, ti, 32, TailStrategy::GuardWithIf)
        .parallel(to);
    // @layer vector
    a.output.split(a.x, xo, xi, 2 * vec, TailStrategy::GuardWithIf).vectorize(xi);
    // @end
    return a.kernel();
}
