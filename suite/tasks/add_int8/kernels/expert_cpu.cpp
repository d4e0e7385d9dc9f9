// Expert cpu schedule for `add_int8`: one pass, every stage inlined into the int8 store (no
// int32 intermediates in memory). The rows of all channels are fused into one loop that
// runs in parallel slices of 8 rows; each row is vectorized natural_vector_size(Int(32))
// lanes wide (int8 loads widened to int32, the 64-bit products of SRDHM in vector
// registers), the row tail guarded.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Int(32));
    Var t{"t"}, to{"to"}, ti{"ti"}, xo{"xo"}, xi{"xi"};
    // @layer compute
    // scaled_a, scaled_b and sum are inlined into output.
    // @layer loops
    a.output.fuse(a.y, a.c, t).fuse(t, a.n, t)
        .split(t, to, ti, 8, TailStrategy::GuardWithIf)
        .parallel(to);
    // @layer vector
    a.output.split(a.x, xo, xi, vec, TailStrategy::GuardWithIf).vectorize(xi);
    // @end
    return a.kernel();
}
