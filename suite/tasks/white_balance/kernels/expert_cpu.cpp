// Expert cpu schedule for `white_balance`: one pass (scaled inlined), the rows of all three
// planes fused into one parallel loop over strips of 16 rows; each row is a vectorized
// multiply-and-clamp over 2 natural vectors per iteration, the gain a broadcast scalar.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    Var yo{"yo"}, yi{"yi"}, t{"t"};
    // @layer compute
    // scaled is inlined into out.
    // @layer loops
    a.out.split(a.y, yo, yi, 16, TailStrategy::GuardWithIf)
        .fuse(yo, a.c, t).parallel(t);
    // @layer vector
    a.out.vectorize(a.x, 2 * vec, TailStrategy::GuardWithIf);
    // @end
    return a.kernel();
}
