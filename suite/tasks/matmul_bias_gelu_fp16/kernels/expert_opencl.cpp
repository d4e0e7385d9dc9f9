// Expert opencl schedule for `matmul_bias_gelu_fp16`: two kernels. The first transposes W into a
// [K, N] scratch (features contiguous); the second computes the output in work-groups of
// 16x8 work-items, adjacent work-items along the features, so loads of W^T are contiguous
// across the work-group and loads of x are uniform (as in a GEMM with a row-major B). Each
// work-item accumulates a strip of 4 features of one token in registers across the whole
// k loop (one load of x feeds 4 FMAs); the bias and the GELU are applied as the strip is
// stored, the GELU rewritten as h / (1 + exp(-2z)) (one exp instead of a tanh).
// float16 variant of `matmul_bias_gelu` with its schedule: the OpenCL C uses `half` loads and stores through\n// cl_khr_fp16 (ekb-gen adds Halide's cl_half feature for float16 tasks), arithmetic in float.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var no{"no"}, ni{"ni"}, to{"to"}, ti{"ti"}, nv{"nv"}, xo{"xo"}, yo{"yo"}, xi{"xi"}, yi{"yi"};
    // @layer compute
    Func y("y");
    Expr h = a.biased(a.n, a.t);
    Expr z = task::Algorithm::beta * (h + task::Algorithm::kappa * h * h * h);
    y(a.n, a.t) = cast(Float(16), h / (1.0f + exp(-2.0f * z)));  // rounded to float16 once
    Func wt = a.W.in(a.dot);  // W stored transposed (below)
    Var wk = wt.args()[0], wn = wt.args()[1];
    wt.compute_root();
    // biased is inlined; dot lives in registers of each work-item (below).
    // @layer loops
    wt.reorder_storage(wn, wk).gpu_tile(wn, wk, xo, yo, xi, yi, 16, 16, TailStrategy::GuardWithIf);
    y.split(a.n, a.n, nv, 4, TailStrategy::GuardWithIf)
        .gpu_tile(a.n, a.t, no, to, ni, ti, 16, 8, TailStrategy::GuardWithIf);
    // @layer memory
    a.dot.compute_at(y, ni).store_in(MemoryType::Register);
    // @layer vector
    y.unroll(nv);
    a.dot.unroll(a.n);
    a.dot.update().reorder(a.n, a.t, a.k).unroll(a.n);
    // @end
    return {{a.x, a.W, a.b}, {y}};
}
