// Expert opencl schedule for `mediapipe_roi_tensor`: one kernel. Each thread computes one
// pixel of the 256x256 tensor: the affine terms (a few scalar ops), its source position,
// the 4 bilinear taps read straight from the Y and VU planes and converted to RGB in
// registers, the blend and the scaling for the 3 channels (unrolled). Only sampled pixels
// are converted. 16x8 work-items per work-group; tails GuardWithIf.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const TailStrategy t = TailStrategy::GuardWithIf;
    Var o0{"o0"}, o1{"o1"}, i0{"i0"}, i1{"i1"};
    // @layer compute
    // rgb, tap, coef, sx and sy are all inlined into out.
    a.out.bound(a.c, 0, 3);
    // @layer loops
    a.out.reorder(a.c, a.i, a.j, a.n).gpu_tile(a.i, a.j, o0, o1, i0, i1, 16, 8, t);
    // @layer vector
    a.out.unroll(a.c);
    // @end
    return a.kernel();
}
