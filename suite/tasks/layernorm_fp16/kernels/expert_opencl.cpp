// Expert opencl schedule for `layernorm_fp16`: three kernels instead of one per stage. mean and
// rstd run in work-groups of 8 rows, one work-item per row, which accumulates its row's sum
// (then its sum of squared deviations) in a register; y runs as 64x4 tiles of independent
// work-items, which OpenCL CPU drivers such as PoCL vectorize across the work-group.
// x - mean is recomputed where it is used rather than stored.
// float16 variant of `layernorm` with its schedule: the OpenCL C uses `half` loads and stores through\n// cl_khr_fp16 (ekb-gen adds Halide's cl_half feature for float16 tasks), arithmetic in float.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var dox{"dox"}, dix{"dix"}, tox{"tox"}, tix{"tix"};
    // @layer compute
    // xc and variance are inlined; mean and rstd are the stored per-row values.
    a.mean.compute_root();
    a.rstd.compute_root();
    // @layer loops
    a.mean.gpu_tile(a.t, tox, tix, 8, TailStrategy::GuardWithIf);
    a.rstd.gpu_tile(a.t, tox, tix, 8, TailStrategy::GuardWithIf);
    a.y.gpu_tile(a.d, a.t, dox, tox, dix, tix, 64, 4, TailStrategy::GuardWithIf);
    // @layer memory
    a.sum_x.compute_at(a.mean, tix).store_in(MemoryType::Register);
    a.sum_sq.compute_at(a.rstd, tix).store_in(MemoryType::Register);
    // @end
    return a.kernel();
}
