// Expert cpu schedule for `bilateral5x5`: parallel over strips of 16 rows. Each strip first
// makes its clamp-to-edge copy (20 rows, the clamps partitioned out of the interior), then
// every output vector (natural float width) evaluates the 25 taps with num and den inlined:
// the spatial weights fold to constants, the exp is Halide's vectorized polynomial, and the two
// sums stay in registers.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    Var yo{"yo"}, yi{"yi"};
    // @layer compute
    // num and den are inlined into out.
    // @layer loops
    a.out.split(a.y, yo, yi, 16, TailStrategy::GuardWithIf).parallel(yo);
    // @layer memory
    a.clamped.compute_at(a.out, yo);
    // @layer vector
    a.out.vectorize(a.x, vec, TailStrategy::GuardWithIf);
    a.clamped.vectorize(a.x, vec, TailStrategy::GuardWithIf);
    // @end
    return a.kernel();
}
