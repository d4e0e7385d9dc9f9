// Expert opencl schedule for `linear_bias_fp16`: two kernels. The first transposes W into a
// [K, N] scratch (features contiguous); the second computes the output in work-groups of
// 32x4 work-items, adjacent work-items along the features, so loads of W^T are contiguous
// across the work-group and loads of x are uniform (as in a GEMM with a row-major B). Each
// work-item accumulates one output in a register across the whole k loop; the bias is added
// as it is stored. (An earlier version gave each work-item a strip of 4 features, a quarter
// of the naive schedule's work-items for these small token counts, and ran at 0.58x of the
// naive schedule on the H200 with NVIDIA's OpenCL.)
// float16 variant of `linear_bias` with its schedule: the OpenCL C uses `half` loads and stores through\n// cl_khr_fp16 (ekb-gen adds Halide's cl_half feature for float16 tasks), arithmetic in float.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var no{"no"}, ni{"ni"}, to{"to"}, ti{"ti"}, xo{"xo"}, yo{"yo"}, xi{"xi"}, yi{"yi"};
    // @layer compute
    Func wt = a.W.in(a.dot);  // W stored transposed (below)
    Var wk = wt.args()[0], wn = wt.args()[1];
    wt.compute_root();
    // dot lives in registers of each work-item (below).
    // @layer loops
    wt.reorder_storage(wn, wk).gpu_tile(wn, wk, xo, yo, xi, yi, 16, 16, TailStrategy::GuardWithIf);
    a.out.gpu_tile(a.n, a.t, no, to, ni, ti, 32, 4, TailStrategy::GuardWithIf);
    // @layer memory
    a.dot.compute_at(a.out, ni).store_in(MemoryType::Register);
    // @layer vector
    a.dot.update().reorder(a.n, a.t, a.k);
    // @end
    return a.kernel();
}
