// GPU RULE: matmul with a CPU schedule only (what Adams2019 and Mullapudi2016 write on a
// GPU target): on opencl and cuda it would run on the host. Rejected: the output is
// computed by host code.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // @layer compute
    a.prod.compute_root();
    // @layer loops
    a.C.parallel(a.i);
    a.prod.parallel(a.i);
    // @layer vector
    a.C.vectorize(a.j, 8, Halide::TailStrategy::GuardWithIf);  // N may be below 8
    // @end
    return a.kernel();
}
