// GPU RULE: the output is tiled on the GPU, but the whole reduction (the real work) is a
// compute_root stage left on the host. Rejected: a stage whose host loops grow with the
// input is not trivial.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var jo, io, ji, ii;
    // @layer compute
    a.prod.compute_root();
    // @layer loops
    a.C.gpu_tile(a.j, a.i, jo, io, ji, ii, 16, 16, TailStrategy::GuardWithIf);
    // @end
    return a.kernel();
}
