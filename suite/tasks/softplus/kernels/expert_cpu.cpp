// Expert cpu schedule for `softplus`: one pass, soft inlined (Halide's exact vector exp and log).
// Rows are processed in parallel strips of 4 rows, each row in vectors of 4 * natural width
// (four independent vectors in flight), tail vectors guarded.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    Var to{"to"}, ti{"ti"}, dox{"dox"}, dix{"dix"};
    // @layer compute
    // soft inlined into y.
    // @layer loops
    a.y.split(a.t, to, ti, 4, TailStrategy::GuardWithIf).parallel(to);
    a.y.split(a.d, dox, dix, 4 * vec, TailStrategy::GuardWithIf);
    // @layer vector
    a.y.vectorize(dix, vec).unroll(dix);
    // @end
    return a.kernel();
}
