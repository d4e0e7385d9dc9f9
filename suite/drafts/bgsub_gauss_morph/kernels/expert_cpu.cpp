// Expert cpu schedule for `bgsub_gauss_morph`, strips of rows in parallel, every pass
// vectorized over columns in int32 lanes:
//   mask: per strip the foreground test (distance and threshold, one pass over the strip plus
//         the 2-row margin the opening needs), then the 3x3 erode rows, then the 3x3 dilate
//         written as the mask;
//   model update: one fused pass per strip recomputes each pixel's distance from the three
//         channels and writes the updated mean (3 planes, unrolled) and variance.
// Every split is GuardWithIf, so any size works, on any vector width.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Int(32));
    const TailStrategy guard = TailStrategy::GuardWithIf;
    Var yo{"yo"}, yi{"yi"};
    // @layer compute
    // d and dist2 are inlined; fg (through a wrapper for the opening) and eroded are stored
    // per strip of mask rows; the model update recomputes fg inline.
    Func fgm = a.fg.in(a.eroded);
    a.mean_out.bound(a.c, 0, 3);
    // @layer loops
    a.mask.split(a.y, yo, yi, 32, guard).parallel(yo);
    a.mean_out.reorder(a.x, a.c, a.y).split(a.y, yo, yi, 32, guard).parallel(yo);
    a.var_out.split(a.y, yo, yi, 32, guard).parallel(yo);
    // @layer memory
    fgm.compute_at(a.mask, yo);
    a.eroded.compute_at(a.mask, yo);
    // @layer vector
    a.mask.vectorize(a.x, vec, guard);
    fgm.vectorize(a.x, vec, guard);
    a.eroded.vectorize(a.x, vec, guard);
    a.mean_out.vectorize(a.x, vec, guard).unroll(a.c);
    a.var_out.vectorize(a.x, vec, guard);
    // @end
    return a.kernel();
}
