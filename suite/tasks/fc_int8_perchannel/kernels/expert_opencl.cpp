// Expert opencl schedule for `fc_int8_perchannel`: one kernel; work-groups of 16x4 threads over
// (output features, batch rows), each thread accumulating 4 output features of one batch row in
// int32 registers across the whole k loop (one input load feeds 4 multiply-adds), with bias + the
// per-feature requantization fused into the int8 store.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var no{"no"}, bo{"bo"}, ni{"ni"}, bi{"bi"}, nr{"nr"};
    // @layer compute
    // acc is inlined into output; dot lives in registers of each GPU thread (below).
    // @layer loops
    a.output.split(a.n, a.n, nr, 4, TailStrategy::GuardWithIf)
        .reorder(nr, a.n, a.b)
        .gpu_tile(a.n, a.b, no, bo, ni, bi, 16, 4, TailStrategy::GuardWithIf);
    // @layer memory
    a.dot.compute_at(a.output, ni).store_in(MemoryType::Register);
    // @layer vector
    a.output.unroll(nr);
    a.dot.unroll(a.n);
    a.dot.update().reorder(a.n, a.b, a.k).unroll(a.n);
    // @end
    return a.kernel();
}
