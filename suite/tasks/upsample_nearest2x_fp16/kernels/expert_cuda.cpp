// Expert cuda schedule for `upsample_nearest2x_fp16`: one kernel, 64x4-thread blocks over
// (columns, rows) of one channel per grid z, one output pixel per thread; a warp writes
// 32 consecutive floats (coalesced) and reads 16, each input value shared by two lanes.
// float16 variant of `upsample_nearest2x` with its schedule: PTX widens float16 loads with cvt.f32.f16 and\n// narrows the output with cvt.rn.f16.f32, arithmetic in float.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var xo{"xo"}, xi{"xi"}, yo{"yo"}, yi{"yi"}, co{"co"}, ci{"ci"};
    // @layer loops
    a.output.gpu_tile(a.x, a.y, a.c, xo, yo, co, xi, yi, ci, 64, 4, 1, TailStrategy::GuardWithIf);
    // @end
    return a.kernel();
}
