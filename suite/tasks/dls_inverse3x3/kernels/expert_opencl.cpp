// Expert opencl schedule for `dls_inverse3x3`: one kernel, one thread per matrix in work-groups of
// 64: S (9 entries) and 1/det in registers, the 9 outputs unrolled (each select folded).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var bo{"bo"}, bi{"bi"};
    // @layer compute
    a.J.dim(0).set_bounds(0, 3).dim(1).set_bounds(0, 3).set_stride(3).dim(2).set_stride(9);
    a.out.output_buffer().dim(0).set_bounds(0, 3).dim(1).set_bounds(0, 3).set_stride(3).dim(2).set_stride(9);
    // @layer loops
    a.out.bound(a.c, 0, 3).bound(a.r, 0, 3).reorder(a.c, a.r, a.b)
        .gpu_tile(a.b, bo, bi, 64, TailStrategy::GuardWithIf);
    // @layer memory
    a.S.compute_at(a.out, bi).store_in(MemoryType::Register)
        .bound(a.c, 0, 3).bound(a.r, 0, 3).unroll(a.c).unroll(a.r);
    a.rdet.compute_at(a.out, bi).store_in(MemoryType::Register);
    // @layer vector
    a.out.unroll(a.c).unroll(a.r);
    // @end
    return a.kernel();
}
