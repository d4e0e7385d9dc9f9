// Expert opencl schedule for `w8a8_gemm_per_token`: one kernel; 16x4 threads per block
// over (output channels, groups of 4 tokens). Each thread keeps 4 tokens' int32 sums for its
// channel in registers across the whole k loop (one weight load feeds 4 multiply-adds; the
// activations are uniform across a block row), then dequantizes them into the float32 store.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var no{"no"}, ni{"ni"}, mo{"mo"}, mi{"mi"}, mv{"mv"};
    // @layer compute
    // acc lives in registers of each thread (below).
    // @layer loops
    a.out.split(a.m, a.m, mv, 4, TailStrategy::GuardWithIf)
        .reorder(mv, a.n, a.m)
        .gpu_tile(a.n, a.m, no, mo, ni, mi, 16, 4, TailStrategy::GuardWithIf);
    // @layer memory
    a.acc.compute_at(a.out, ni).store_in(MemoryType::Register);
    // @layer vector
    a.out.unroll(mv);
    a.acc.unroll(a.m);
    a.acc.update().reorder(a.m, a.n, a.k).unroll(a.m);
    // @end
    return a.kernel();
}
