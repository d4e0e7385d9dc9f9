// Expert opencl schedule for `softmax_fp16`: four kernels, no global read-modify-write. The two
// row reductions run in work-groups of 8 rows, one work-item per row, each accumulating its
// row in a register (the wrappers row_max.in() and row_sum.in() are what is stored); exp and
// the division run as 64x4 tiles of independent work-items, which OpenCL CPU drivers such as
// PoCL vectorize across the work-group (a work-item with a serial loop inside is not).
// float16 variant of `softmax` with its schedule: the OpenCL C uses `half` loads and stores through\n// cl_khr_fp16 (ekb-gen adds Halide's cl_half feature for float16 tasks), arithmetic in float.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var co{"co"}, ci{"ci"}, ro{"ro"}, ri{"ri"};
    // @layer compute
    Func max_out = a.row_max.in();  // one value per row, written once by its work-item
    Func sum_out = a.row_sum.in();
    max_out.compute_root();
    a.ex.compute_root();
    sum_out.compute_root();
    // @layer loops
    max_out.gpu_tile(a.r, ro, ri, 8, TailStrategy::GuardWithIf);
    a.ex.gpu_tile(a.c, a.r, co, ro, ci, ri, 64, 4, TailStrategy::GuardWithIf);
    sum_out.gpu_tile(a.r, ro, ri, 8, TailStrategy::GuardWithIf);
    a.y.gpu_tile(a.c, a.r, co, ro, ci, ri, 64, 4, TailStrategy::GuardWithIf);
    // @layer memory
    a.row_max.compute_at(max_out, ri).store_in(MemoryType::Register);
    a.row_sum.compute_at(sum_out, ri).store_in(MemoryType::Register);
    // @end
    return a.kernel();
}
