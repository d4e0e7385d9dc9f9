// Expert cuda schedule for `bgsub_gauss_morph`, every stage on the device:
//   fg:     one thread per pixel: the distance over the 3 channels and the threshold;
//   eroded: one thread per pixel, the 3x3 minimum of fg;
//   mask:   one thread per pixel, the 3x3 maximum of eroded;
//   model:  one thread per pixel writes the updated mean (3 channels, unrolled) from fg and
//           its own distance, another kernel the variance.
// 32x8-thread blocks, threads adjacent along the columns; all tails GuardWithIf.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const TailStrategy t = TailStrategy::GuardWithIf;
    Var o0{"o0"}, o1{"o1"}, i0{"i0"}, i1{"i1"};
    // @layer compute
    a.fg.compute_root();
    a.eroded.compute_root();
    a.mean_out.bound(a.c, 0, 3);
    // @layer loops
    for (Func f : {a.fg, a.eroded, a.mask, a.var_out}) f.gpu_tile(a.x, a.y, o0, o1, i0, i1, 32, 8, t);
    a.mean_out.reorder(a.c, a.x, a.y).gpu_tile(a.x, a.y, o0, o1, i0, i1, 32, 8, t);
    // @layer vector
    a.mean_out.unroll(a.c);
    // @end
    return a.kernel();
}
