// Expert cuda schedule for `demosaic_white_balance`: one kernel of 32x8 thread blocks. Each
// block first copies its tile of the mosaic plus a 1-pixel halo (34 x 10 values, coordinates
// clamped to the image) into shared memory, then each thread interpolates its pixel from the
// shared tile, applies the three gains and the clamp and writes the three output planes
// (interpolations inlined, the plane loop unrolled), coalesced across each warp.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var xo{"xo"}, xi{"xi"}, yo{"yo"}, yi{"yi"};
    // @layer compute
    // hor, ver, cross, diag, red, green, blue and rgb are inlined; clamped is staged per block.
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
