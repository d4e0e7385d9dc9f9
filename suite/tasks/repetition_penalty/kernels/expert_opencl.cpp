// Expert opencl schedule for `repetition_penalty`: three kernels. The mask's initialization
// and the penalized pass over the vocabulary run one element per thread, 256 threads per
// block along the vocabulary (coalesced); the scatter of the ids runs with one thread per
// row and its L writes (L is at most a few thousand, far less than V).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var vo{"vo"}, vi{"vi"}, bo{"bo"}, bi{"bi"};
    // @layer compute
    a.mark.compute_root();
    // @layer loops
    a.mark.gpu_tile(a.v, a.b, vo, bo, vi, bi, 256, 1, TailStrategy::GuardWithIf);
    a.mark.update().gpu_tile(a.b, bo, bi, 1, TailStrategy::GuardWithIf);
    a.out.gpu_tile(a.v, a.b, vo, bo, vi, bi, 256, 1, TailStrategy::GuardWithIf);
    // @end
    return a.kernel();
}
