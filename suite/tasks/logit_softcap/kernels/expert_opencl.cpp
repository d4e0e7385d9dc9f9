// Expert opencl schedule for `logit_softcap`: one kernel, one element per thread, 256
// threads per block along the vocabulary (coalesced), rows along the grid's y; tanh is the
// device's own.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var vo{"vo"}, vi{"vi"}, to{"to"}, ti{"ti"};
    // @layer loops
    a.y.gpu_tile(a.v, a.t, vo, to, vi, ti, 256, 1, TailStrategy::GuardWithIf);
    // @end
    return a.kernel();
}
