// Compute peak on GPUs: one element (8 independent FMA chains) per thread, 256 threads a
// block.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var o{"o"}, in{"in"};
    // @layer loops
    a.y.gpu_tile(a.i, o, in, 256, TailStrategy::GuardWithIf);
    // @end
    return a.kernel();
}
