// Expert opencl schedule for `rmsnorm_fp16`: two kernels instead of one per stage. rstd runs in
// work-groups of 8 rows, one work-item per row, which accumulates its row's sum of squares
// in a register; y runs as 16x4 work-groups of independent work-items. Where D is a multiple
// of 4 (every real hidden size) each work-item of y loads, scales and stores one float4;
// otherwise one element, with GuardWithIf tails.
// float16 variant of `rmsnorm` with its schedule: the OpenCL C uses `half` loads and stores through\n// cl_khr_fp16 (ekb-gen adds Halide's cl_half feature for float16 tasks), arithmetic in float.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var dox{"dox"}, dix{"dix"}, tox{"tox"}, tix{"tix"}, dv{"dv"};
    const Expr d_by_4 = a.x.dim(0).extent() % 4 == 0;
    // @layer compute
    // rstd is the stored per-row value; sum_sq lives in a register of its work-item.
    a.rstd.compute_root();
    // @layer loops
    a.rstd.gpu_tile(a.t, tox, tix, 8, TailStrategy::GuardWithIf);
    a.y.specialize(d_by_4)
        .split(a.d, a.d, dv, 4, TailStrategy::RoundUp)
        .gpu_tile(a.d, a.t, dox, tox, dix, tix, 16, 4, TailStrategy::GuardWithIf);
    a.y.gpu_tile(a.d, a.t, dox, tox, dix, tix, 64, 4, TailStrategy::GuardWithIf);
    // @layer memory
    a.sum_sq.compute_at(a.rstd, tix).store_in(MemoryType::Register);
    // @layer vector
    a.y.specialize(d_by_4).vectorize(dv);
    // @end
    return a.kernel();
}
