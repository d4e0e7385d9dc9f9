// Expert cpu schedule for `residual_add_fp16`: one pass, bound by memory (6 bytes an element).
// Rows in parallel strips of 8 tokens; each row in vectors of the natural float width, two in
// flight: the float16 loads widen with F16C (vcvtph2ps) or Arm fcvtl, one add, and the store
// narrows once (vcvtps2ph). A row at least one vector long shifts its last vector back inside
// the row (ShiftInwards: no masked tail); shorter rows use a guarded vector.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    Var to{"to"}, ti{"ti"};
    Expr D = a.x.dim(0).extent();
    Expr T = a.x.dim(1).extent();
    // @layer compute
    // one stage.
    // @layer loops
    Stage big = a.y.specialize(D * T >= 32768);
    big.split(a.t, to, ti, 8, TailStrategy::GuardWithIf).parallel(to);
    // @layer vector
    for (Stage s : {big, Stage(a.y)}) {
        s.specialize(D >= 2 * vec).vectorize(a.d, 2 * vec, TailStrategy::ShiftInwards);
        s.specialize(D >= vec).vectorize(a.d, vec, TailStrategy::ShiftInwards);
        s.vectorize(a.d, vec, TailStrategy::GuardWithIf);
    }
    // @end
    return a.kernel();
}
