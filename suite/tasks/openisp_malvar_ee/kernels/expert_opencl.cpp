// Expert opencl schedule for `openisp_malvar_ee`, two kernels, every stage on the device:
//   gam: one thread per pixel: the white-balanced raw of its 5x5 neighbourhood (mirrored at the
//        border), the Malvar kernels for the missing colours, the CCM and the gamma for the 3
//        planes (unrolled, the demosaic computed once for the three);
//   out: one thread per pixel: the luma of its 3x3 neighbourhood from the gamma planes, the
//        edge enhancement, and Y', Cb, Cr (unrolled).
// 16x8 work-items per work-group; all tails GuardWithIf.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const TailStrategy t = TailStrategy::GuardWithIf;
    Var o0{"o0"}, o1{"o1"}, i0{"i0"}, i1{"i1"};
    // @layer compute
    a.gam.compute_root().bound(a.c, 0, 3);
    a.out.bound(a.c, 0, 3);
    a.demosaic.bound(a.c, 0, 3);
    // @layer loops
    a.gam.reorder(a.c, a.x, a.y).gpu_tile(a.x, a.y, o0, o1, i0, i1, 16, 8, t);
    a.out.reorder(a.c, a.x, a.y).gpu_tile(a.x, a.y, o0, o1, i0, i1, 16, 8, t);
    // @layer memory
    a.demosaic.compute_at(a.gam, i0).store_in(MemoryType::Register);
    // @layer vector
    a.gam.unroll(a.c);
    a.demosaic.unroll(a.c);
    a.out.unroll(a.c);
    // @end
    return a.kernel();
}
