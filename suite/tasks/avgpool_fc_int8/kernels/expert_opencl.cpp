// Expert opencl schedule for `avgpool_fc_int8`: two kernels instead of one per stage.
//   pooled: work-groups of 64 threads along the channels, each thread summing its channel's
//           plane in an int32 register, with the rounded division fused into the int8 store;
//   output: work-groups of 16 threads along the classes, each thread accumulating 4 classes
//           in int32 registers across the whole channel loop (one pooled load feeds 4
//           multiply-adds), with bias + requantization fused into the int8 store.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var co{"co"}, ci{"ci"}, ko{"ko"}, ki{"ki"}, no{"no"}, ni{"ni"}, kr{"kr"};
    // @layer compute
    // acc is inlined into output; total and dot live in registers of each GPU thread (below).
    a.pooled.compute_root();
    // @layer loops
    a.pooled.gpu_tile(a.c, a.n, co, no, ci, ni, 64, 1, TailStrategy::GuardWithIf);
    a.output.split(a.k, a.k, kr, 4, TailStrategy::GuardWithIf)
        .reorder(kr, a.k, a.n)
        .gpu_tile(a.k, a.n, ko, no, ki, ni, 16, 1, TailStrategy::GuardWithIf);
    // @layer memory
    a.total.compute_at(a.pooled, ci).store_in(MemoryType::Register);
    a.dot.compute_at(a.output, ki).store_in(MemoryType::Register);
    // @layer vector
    a.output.unroll(kr);
    a.dot.unroll(a.k);
    a.dot.update().reorder(a.k, a.n, a.rc).unroll(a.k);
    // @end
    return a.kernel();
}
