// Expert cuda schedule for `camera_nn_preprocess`: one kernel (the naive schedule has three):
// the full-resolution RGB frame and the resized image are never stored. Each thread
// computes one output pixel's three channels (the channel loop unrolled, so the four source
// pixels' Y, U and V loads and the bilinear indices and weights are shared by R, G and B),
// converting each source pixel to RGB where the bilinear tap reads it, then normalizes and
// stores into the three planes; 32x8-thread blocks over the output, adjacent threads on
// adjacent columns (coalesced stores). Tails use GuardWithIf.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var xo{"xo"}, yo{"yo"}, xi{"xi"}, yi{"yi"};
    // @layer compute
    // rgb and resized inlined into out (the default).
    // @layer loops
    a.out.bound(a.c, 0, 3).reorder(a.c, a.x, a.y, a.n).gpu_tile(a.x, a.y, xo, yo, xi, yi, 32, 8, TailStrategy::GuardWithIf);
    // @layer vector
    a.out.unroll(a.c);
    // @end
    return a.kernel();
}
