// Expert opencl schedule for `mlp_int8`: two kernels, one per layer (the naive schedule has
// seven). Each layer runs in work-groups of 16 threads along its output units, each thread
// accumulating 4 output rows in int32 registers across the whole reduction (one input load
// feeds 4 multiply-adds), with the bias, the requantization (and in layer 1 the fused ReLU)
// applied in the int8 store.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var no{"no"}, bo{"bo"}, ni{"ni"}, bi{"bi"}, nr{"nr"};
    // @layer compute
    // acc1 and acc2 are inlined; hidden is stored once; each dot lives in registers of each
    // GPU thread (below).
    a.hidden.compute_root();
    // @layer loops
    for (Func out : {a.hidden, a.output}) {
        Var x = out.args()[0];
        out.split(x, x, nr, 4, TailStrategy::GuardWithIf)
            .reorder(nr, x, a.b)
            .gpu_tile(x, a.b, no, bo, ni, bi, 16, 1, TailStrategy::GuardWithIf);
    }
    // @layer memory
    a.dot1.compute_at(a.hidden, ni).store_in(MemoryType::Register);
    a.dot2.compute_at(a.output, ni).store_in(MemoryType::Register);
    // @layer vector
    a.hidden.unroll(nr);
    a.output.unroll(nr);
    for (auto [dot, rd] : {std::pair{a.dot1, a.k}, std::pair{a.dot2, a.r}}) {
        Var x = dot.args()[0];
        dot.unroll(x);
        dot.update().reorder(x, a.b, rd.x).unroll(x);
    }
    // @end
    return a.kernel();
}
