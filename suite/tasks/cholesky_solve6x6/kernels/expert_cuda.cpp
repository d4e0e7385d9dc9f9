// Expert cuda schedule for `cholesky_solve6x6`: one kernel, one thread per system in blocks of
// 64: H (36 entries), the factor, the reciprocal diagonals and both substitutions live in
// registers (every stage computed at the thread, unrolled), and the 6 outputs are written
// unrolled.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var bo{"bo"}, bi{"bi"};
    // @layer compute
    a.A.dim(0).set_bounds(0, 6).dim(1).set_bounds(0, 6).set_stride(6).dim(2).set_stride(36);
    a.rhs.dim(0).set_bounds(0, 6).dim(1).set_stride(6);
    a.x.output_buffer().dim(0).set_bounds(0, 6).dim(1).set_stride(6);
    // @layer loops
    a.x.bound(a.i, 0, 6).reorder(a.i, a.b).gpu_tile(a.b, bo, bi, 64, TailStrategy::GuardWithIf);
    // @layer memory
    a.H.compute_at(a.x, bi).store_in(MemoryType::Register)
        .bound(a.c, 0, 6).bound(a.r, 0, 6).unroll(a.c).unroll(a.r);
    for (Func f : a.scalar_stages()) f.compute_at(a.x, bi).store_in(MemoryType::Register);
    // @layer vector
    a.x.unroll(a.i);
    // @end
    return a.kernel();
}
