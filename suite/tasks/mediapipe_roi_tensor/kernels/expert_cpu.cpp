// Expert cpu schedule for `mediapipe_roi_tensor`: only the pixels the ROI samples are ever
// converted. The 6 affine terms are computed once; then rows of the 256x256 tensor in
// parallel, each row vectorized over its columns: the source positions, the 4 bilinear taps
// gathered straight from the Y and VU planes and converted to RGB in registers (the integer
// YUV2RGB inlined, the 3 channels unrolled), the blend and the [-1, 1] scaling, stored
// interleaved (NHWC). No full-frame RGB buffer exists.
// The column split is GuardWithIf, so any frame size works, on any vector width.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    const TailStrategy guard = TailStrategy::GuardWithIf;
    // @layer compute
    // rgb, tap, sx and sy are inlined into out; coef is 6 scalars.
    a.coef.compute_root().bound(a.k, 0, 6);
    a.out.bound(a.c, 0, 3);
    // @layer loops
    a.out.reorder(a.c, a.i, a.j, a.n).parallel(a.j, 8);
    // @layer vector
    a.out.vectorize(a.i, vec, guard).unroll(a.c);
    // @end
    return a.kernel();
}
