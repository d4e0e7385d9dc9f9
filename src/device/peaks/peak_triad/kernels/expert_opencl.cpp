// Bandwidth peak on GPUs: 4 consecutive elements per thread (16-byte vector loads and
// stores; the last vector shifted inwards: OpenCL C has no masked vectors), 256 threads a block.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var o{"o"}, in{"in"}, v{"v"};
    // @layer loops
    a.a.split(a.i, a.i, v, 4, TailStrategy::ShiftInwards).gpu_tile(a.i, o, in, 256, TailStrategy::GuardWithIf);
    // @layer vector
    a.a.vectorize(v);
    // @end
    return a.kernel();
}
