// GPU RULE: the pure definition of the reduction is on the GPU but its update (the sum over
// k, all of the work) is left unscheduled, so it runs on the host. Rejected.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var jo, io, ji, ii;
    // @layer compute
    a.prod.compute_root();
    // @layer loops
    a.prod.gpu_tile(a.j, a.i, jo, io, ji, ii, 16, 16, TailStrategy::GuardWithIf);
    a.C.gpu_tile(a.j, a.i, jo, io, ji, ii, 16, 16, TailStrategy::GuardWithIf);
    // @end
    return a.kernel();
}
