// Expert cuda schedule for `resize_bilinear2x`: one kernel, hinterp inlined into the output:
// each thread computes one output pixel from its 4 source pixels, coordinates and weights in
// registers. 32x8-thread blocks over (columns, rows) of one channel per grid z, so a warp
// writes 32 consecutive floats and its reads of each input row are coalesced (neighbouring
// threads share source pixels, served by the L1 cache).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var xo{"xo"}, xi{"xi"}, yo{"yo"}, yi{"yi"}, co{"co"}, ci{"ci"};
    // @layer compute
    // hinterp is inlined into output.
    // @layer loops
    a.output.gpu_tile(a.x, a.y, a.c, xo, yo, co, xi, yi, ci, 32, 8, 1, TailStrategy::GuardWithIf);
    // @end
    return a.kernel();
}
