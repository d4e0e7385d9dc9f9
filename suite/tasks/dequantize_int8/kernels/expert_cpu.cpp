// Expert cpu schedule for `dequantize_int8`: one pass, centered inlined into the float32
// store. The rows of all channels are fused into one loop that runs in parallel slices of
// 32 rows; each row is vectorized two float vectors wide (int8 loads widened to int32 and
// converted), the row tail guarded.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    Var t{"t"}, to{"to"}, ti{"ti"}, xo{"xo"}, xi{"xi"};
    // @layer compute
    // centered is inlined into output.
    // @layer loops
    a.output.fuse(a.y, a.c, t).fuse(t, a.n, t)
        .split(t, to, ti, 32, TailStrategy::GuardWithIf)
        .parallel(to);
    // @layer vector
    a.output.split(a.x, xo, xi, 2 * vec, TailStrategy::GuardWithIf).vectorize(xi);
    // @end
    return a.kernel();
}
