// Expert opencl schedule for `log_softmax_fp16`: a language-model head has only a few rows of
// tens of thousands of columns, so one work-item per row would leave the device idle. Each
// row reduction is split into chunks of 256 columns (rfactor over the chunks): one kernel
// computes every (chunk, row) partial in a register of its own work-item, a second folds a
// row's partials (row_max.in(), then lse with the row's sum in a register). y = x - lse runs
// as 64x4 work-groups of independent work-items, which OpenCL CPU drivers such as PoCL
// vectorize across the work-group. Tails use GuardWithIf.
// float16 variant of `log_softmax` with its schedule: the OpenCL C uses `half` loads and stores through\n// cl_khr_fp16 (ekb-gen adds Halide's cl_half feature for float16 tasks), arithmetic in float.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int chunk = 256;
    Var co{"co"}, ci{"ci"}, ro{"ro"}, ri{"ri"}, u{"u"}, uo{"uo"}, ui{"ui"};
    RVar ko{"ko"}, ki{"ki"};
    // @layer compute
    Func max_part = a.row_max.update().split(a.k, ko, ki, chunk, TailStrategy::GuardWithIf).rfactor(ko, u);
    Func sum_part = a.row_sum.update().split(a.k, ko, ki, chunk, TailStrategy::GuardWithIf).rfactor(ko, u);
    Func max_part_out = max_part.in(), sum_part_out = sum_part.in(), max_out = a.row_max.in();
    max_part_out.compute_root();
    max_out.compute_root();
    sum_part_out.compute_root();
    a.lse.compute_root();
    // @layer loops
    max_part_out.gpu_tile(u, a.r, uo, ro, ui, ri, 16, 4, TailStrategy::GuardWithIf);
    max_out.gpu_tile(a.r, ro, ri, 8, TailStrategy::GuardWithIf);
    sum_part_out.gpu_tile(u, a.r, uo, ro, ui, ri, 16, 4, TailStrategy::GuardWithIf);
    a.lse.gpu_tile(a.r, ro, ri, 8, TailStrategy::GuardWithIf);
    a.y.gpu_tile(a.c, a.r, co, ro, ci, ri, 64, 4, TailStrategy::GuardWithIf);
    // @layer memory
    max_part.compute_at(max_part_out, ui).store_in(MemoryType::Register);
    a.row_max.compute_at(max_out, ri).store_in(MemoryType::Register);
    sum_part.compute_at(sum_part_out, ui).store_in(MemoryType::Register);
    a.row_sum.compute_at(a.lse, ri).store_in(MemoryType::Register);
    // @end
    return a.kernel();
}
