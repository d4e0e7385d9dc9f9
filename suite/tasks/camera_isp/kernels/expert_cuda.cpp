// Expert cuda schedule for `camera_isp`: one kernel of 32x8 thread blocks. Each block first
// copies its tile of the mosaic plus a 1-pixel halo (34 x 10 values, black level applied,
// coordinates clamped to the image) into shared memory; then each thread demosaics its
// pixel from the shared tile, applies the gains, the 3x3 color correction and the gamma, and
// writes the three output planes (every other stage inlined, the plane loop unrolled),
// coalesced across each warp.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var xo{"xo"}, xi{"xi"}, yo{"yo"}, yi{"yi"};
    // @layer compute
    // lin is inlined into clamped, staged per block; hor .. cc are inlined into out.
    a.out.bound(a.c, 0, 3);
    // @layer loops
    a.out.reorder(a.c, a.x, a.y)
        .gpu_tile(a.x, a.y, xo, yo, xi, yi, 32, 8, TailStrategy::GuardWithIf);
    // @layer memory
    a.clamped.compute_at(a.out, xo).store_in(MemoryType::GPUShared);
    a.clamped.gpu_threads(a.x, a.y);
    // @layer vector
    a.out.unroll(a.c);
    // @end
    return a.kernel();
}
