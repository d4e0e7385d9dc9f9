// Expert cpu schedule for `repetition_penalty`: the scatter of the L ids into a row mask is
// tiny (the mask's initialization is vectorized), and the pass over the vocabulary is
// vectorized natural_vector_size wide in parallel chunks of 4096: per vector one load of the
// logits and of the mask, two selects and a multiply and a divide.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    Var vo{"vo"}, vi{"vi"}, vv{"vv"};
    // @layer compute
    a.mark.compute_root();
    // @layer loops
    a.out.split(a.v, vo, vi, 4096, TailStrategy::GuardWithIf).parallel(vo);
    // @layer vector
    a.mark.vectorize(a.v, vec, TailStrategy::GuardWithIf);
    a.out.split(vi, vi, vv, vec, TailStrategy::GuardWithIf).vectorize(vv);
    // @end
    return a.kernel();
}
