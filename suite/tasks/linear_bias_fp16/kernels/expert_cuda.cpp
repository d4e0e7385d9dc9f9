// Expert cuda schedule for `linear_bias_fp16`: two kernels. The first transposes W into a
// [K, N] scratch (features contiguous, written coalesced); the second computes the output
// in blocks of 32x4 threads, adjacent threads along the features, so loads of W^T are
// coalesced across a warp and loads of x are broadcasts (as in a GEMM with a row-major B).
// Each thread accumulates a strip of 4 features of one token in registers across the whole
// k loop (one load of x feeds 4 FMAs); the bias is added as the strip is stored.
// float16 variant of `linear_bias` with its schedule: PTX widens float16 loads with cvt.f32.f16 and\n// narrows the output with cvt.rn.f16.f32, arithmetic in float.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var no{"no"}, ni{"ni"}, to{"to"}, ti{"ti"}, nv{"nv"}, xo{"xo"}, yo{"yo"}, xi{"xi"}, yi{"yi"};
    // @layer compute
    Func wt = a.W.in(a.dot);  // W stored transposed (below)
    Var wk = wt.args()[0], wn = wt.args()[1];
    wt.compute_root();
    // dot lives in registers of each thread (below).
    // @layer loops
    wt.reorder_storage(wn, wk).gpu_tile(wn, wk, xo, yo, xi, yi, 32, 8, TailStrategy::GuardWithIf);
    a.out.split(a.n, a.n, nv, 4, TailStrategy::GuardWithIf)
        .gpu_tile(a.n, a.t, no, to, ni, ti, 32, 4, TailStrategy::GuardWithIf);
    // @layer memory
    a.dot.compute_at(a.out, ni).store_in(MemoryType::Register);
    // @layer vector
    a.out.unroll(nv);
    a.dot.unroll(a.n);
    a.dot.update().reorder(a.n, a.t, a.k).unroll(a.n);
    // @end
    return a.kernel();
}
