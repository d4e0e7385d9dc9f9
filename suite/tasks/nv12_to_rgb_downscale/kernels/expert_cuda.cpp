// Expert cuda schedule for `nv12_to_rgb_downscale`: one kernel, chroma and the
// full-resolution RGB inlined into the box average. Blocks of 32x4 output pixels, threads
// adjacent along the row, so each warp's luma, chroma loads and plane stores are coalesced;
// each thread loads its 4 luma samples and its U, V once and writes all 3 colour planes (the
// colours unrolled). Tails use GuardWithIf.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var io{"io"}, jo{"jo"}, ii{"ii"}, ji{"ji"};
    // @layer compute
    // chroma and full are inlined into rgb.
    // @layer loops
    a.rgb.bound(a.c, 0, 3)  // the 3 colour planes
        .reorder(a.c, a.i, a.j)
        .gpu_tile(a.i, a.j, io, jo, ii, ji, 32, 4, TailStrategy::GuardWithIf);
    // @layer vector
    a.rgb.unroll(a.c);
    // @end
    return a.kernel();
}
