// Compute peak on GPUs: one element per thread, 256 threads a block; the thread's 8 chains
// in registers and the 128 steps unrolled: 1024 multiply-adds in straight-line code, 8
// independent at each step, interleaved by the GPU compiler (a loop over the steps costs a
// counter and a branch per 8 multiply-adds).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var o{"o"}, in{"in"};
    // @layer loops
    a.y.gpu_tile(a.i, o, in, 256, TailStrategy::GuardWithIf);
    // @layer memory
    a.acc.compute_at(a.y, in).store_in(MemoryType::Register).bound(a.k, 0, task::Algorithm::chains);
    a.acc.update().reorder(a.k, a.r);
    // @layer vector
    a.acc.unroll(a.k);
    a.acc.update().unroll(a.k).unroll(a.r);
    // @end
    return a.kernel();
}
