// Expert cuda schedule for `fc_int16x8`: one kernel; 16x8 threads per block over (output
// features, batch rows), each thread accumulating 4 output features of one batch row in
// 64-bit registers across the whole k loop (one input load feeds 4 multiply-adds; the
// int16 x int8 products are formed in 32 bits and widened), with the bias and the 64-bit
// requantization fused into the int16 store. The input row is shared by the 16 threads of a
// block row (cache broadcasts).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var no{"no"}, bo{"bo"}, ni{"ni"}, bi{"bi"}, nr{"nr"};
    // @layer compute
    // dot lives in registers of each GPU thread (below).
    // @layer loops
    a.output.split(a.n, a.n, nr, 4, TailStrategy::GuardWithIf)
        .reorder(nr, a.n, a.b)
        .gpu_tile(a.n, a.b, no, bo, ni, bi, 16, 8, TailStrategy::GuardWithIf);
    // @layer memory
    a.dot.compute_at(a.output, ni).store_in(MemoryType::Register);
    // @layer vector
    a.output.unroll(nr);
    a.dot.unroll(a.n);
    a.dot.update().reorder(a.n, a.b, a.k).unroll(a.n);
    // @end
    return a.kernel();
}
