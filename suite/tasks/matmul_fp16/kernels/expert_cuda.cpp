// Expert cuda schedule for `matmul_fp16`: 32x4-thread blocks, threads adjacent along the columns
// of C (so each row of B is read coalesced across a warp and each element of A is a
// broadcast); each thread accumulates a 2-row strip of C in registers across the whole k
// loop, so one load of B feeds two FMAs.
// float16 variant of `matmul` with its schedule: PTX widens float16 loads with cvt.f32.f16 and\n// narrows the output with cvt.rn.f16.f32, arithmetic in float.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var jo{"jo"}, ji{"ji"}, io{"io"}, ii{"ii"}, iv{"iv"};
    // @layer compute
    // prod lives in registers of each GPU thread (below).
    // @layer loops
    a.C.split(a.i, a.i, iv, 2, TailStrategy::GuardWithIf)
        .reorder(iv, a.j, a.i)
        .gpu_tile(a.j, a.i, jo, io, ji, ii, 32, 4, TailStrategy::GuardWithIf);
    // @layer memory
    a.prod.compute_at(a.C, ji).store_in(MemoryType::Register);
    // @layer vector
    a.C.unroll(iv);
    a.prod.unroll(a.i);
    a.prod.update().reorder(a.i, a.j, a.k).unroll(a.i);
    // @end
    return a.kernel();
}
