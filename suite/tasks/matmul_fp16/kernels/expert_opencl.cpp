// Expert opencl schedule for `matmul_fp16`: 2-D work-groups of 16x16 threads; each thread
// accumulates a 4-column strip of C in registers across k.
// float16 variant of `matmul` with its schedule: the OpenCL C uses `half` loads and stores through\n// cl_khr_fp16 (ekb-gen adds Halide's cl_half feature for float16 tasks), arithmetic in float.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var jo{"jo"}, ji{"ji"}, io{"io"}, ii{"ii"}, jt{"jt"}, jv{"jv"};
    // @layer compute
    // prod lives in registers of each GPU thread (below).
    // @layer loops
    a.C.split(a.j, a.j, jv, 4, TailStrategy::GuardWithIf)
        .gpu_tile(a.j, a.i, jo, io, ji, ii, 16, 16, TailStrategy::GuardWithIf);
    // @layer memory
    a.prod.compute_at(a.C, ji).store_in(MemoryType::Register);
    // @layer vector
    a.C.unroll(jv);
    a.prod.unroll(a.j);
    a.prod.update().reorder(a.j, a.i, a.k).unroll(a.j);
    // @end
    return a.kernel();
}
