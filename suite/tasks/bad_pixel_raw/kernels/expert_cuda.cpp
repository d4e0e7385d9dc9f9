// Expert cuda schedule for `bad_pixel_raw`: one kernel of 32x8 thread blocks. Each block copies
// its tile plus the 2-pixel halo (36 x 12 samples) into shared memory, then each thread
// clamps its pixel to the range of its 4 same-colour neighbours read from shared memory.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var xo{"xo"}, yo{"yo"}, xi{"xi"}, yi{"yi"};
    // @layer compute
    Func tile = a.raw.in();  // the block's tile of raw
    // @layer loops
    a.out.gpu_tile(a.x, a.y, xo, yo, xi, yi, 32, 8, TailStrategy::GuardWithIf);
    // @layer memory
    tile.compute_at(a.out, xo).store_in(MemoryType::GPUShared);
    tile.gpu_threads(tile.args()[0], tile.args()[1]);
    // @end
    return a.kernel();
}
