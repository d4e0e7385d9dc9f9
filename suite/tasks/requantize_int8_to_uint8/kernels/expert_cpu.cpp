// Expert cpu schedule for `requantize_int8_to_uint8`: one pass, scaled inlined into the uint8
// store. Parallel slices of 8 rows; each row is vectorized natural_vector_size(Int(32)) lanes wide
// (the widening, the 64-bit products of SRDHM and the saturating narrowing in vector registers),
// the row tail guarded.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Int(32));
    Var ro{"ro"}, ri{"ri"}, lo{"lo"}, li{"li"};
    // @layer compute
    // scaled is inlined into output.
    // @layer loops
    a.output.split(a.r, ro, ri, 8, TailStrategy::GuardWithIf).parallel(ro);
    // @layer vector
    a.output.split(a.l, lo, li, vec, TailStrategy::GuardWithIf).vectorize(li);
    // @end
    return a.kernel();
}
