// Expert cpu schedule for `hardswish`: one pass, gate inlined into output. Rows of every
// channel (c and y fused) are processed in parallel strips of 64 rows, each row in vectors of
// the natural width. Where a row holds at least one vector, its last vector is shifted back
// inside the row (ShiftInwards: a few elements recomputed, no masked tail); rows shorter than
// a vector (never at the sizes of MobileNetV3 except 7x7) use a guarded vector.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    Var cy{"cy"}, cyo{"cyo"}, cyi{"cyi"};
    // @layer compute
    // gate is inlined into output.
    // @layer loops
    a.output.fuse(a.y, a.c, cy)
        .split(cy, cyo, cyi, 64, TailStrategy::GuardWithIf)
        .parallel(cyo);
    // @layer vector
    a.output.specialize(a.input.dim(0).extent() >= vec).vectorize(a.x, vec, TailStrategy::ShiftInwards);
    a.output.vectorize(a.x, vec, TailStrategy::GuardWithIf);
    // @end
    return a.kernel();
}
