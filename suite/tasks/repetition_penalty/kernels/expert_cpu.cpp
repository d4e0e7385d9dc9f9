// Expert cpu schedule for `repetition_penalty`: the scatter of the L ids into a row mask is
// tiny (the mask's initialization is vectorized), and the pass over the vocabulary is
// vectorized natural_vector_size wide: per vector one load of the logits and of the mask,
// two selects, a multiply and a divide. A decode step's logits are 32K-600K floats, tens
// of microseconds of streaming; chunks of 16K run in parallel only when there are at least
// 256K elements, below that waking the thread pool costs as much as the work.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    Var vo{"vo"}, vi{"vi"}, vv{"vv"};
    Expr elems = a.logits.dim(0).extent() * a.logits.dim(1).extent();
    // @layer compute
    a.mark.compute_root();
    // @layer loops
    a.out.split(a.v, vo, vi, 16384, TailStrategy::GuardWithIf);
    // @layer vector
    a.mark.vectorize(a.v, vec, TailStrategy::GuardWithIf);
    a.out.split(vi, vi, vv, vec, TailStrategy::GuardWithIf).vectorize(vv);
    a.out.specialize(elems >= 262144).parallel(vo);
    // @end
    return a.kernel();
}
