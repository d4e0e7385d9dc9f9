// Expert cuda schedule for `raw_black_lsc`: one small kernel interpolates the four gain planes at
// half resolution (16x16 blocks, one thread per cell computing its 4 channels); the main kernel
// of 32x8 thread blocks, one pixel per thread, linearizes the raw sample (lin inlined) and
// multiplies it by the gain of its channel (a cached load of the [4, H2, W2] table).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var xo{"xo"}, yo{"yo"}, xi{"xi"}, yi{"yi"};
    // @layer compute
    a.gain.compute_root();
    // gx0, lx, gy0 and ly are inlined into gain.
    // @layer loops
    a.gain.bound(a.ch, 0, 4).reorder(a.ch, a.i, a.j)
        .gpu_tile(a.i, a.j, xo, yo, xi, yi, 16, 16, TailStrategy::GuardWithIf);
    a.out.gpu_tile(a.x, a.y, xo, yo, xi, yi, 32, 8, TailStrategy::GuardWithIf);
    // @layer vector
    a.gain.unroll(a.ch);
    // @end
    return a.kernel();
}
