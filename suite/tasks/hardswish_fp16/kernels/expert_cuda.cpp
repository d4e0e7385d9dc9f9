// Expert cuda schedule for `hardswish_fp16`: one kernel, gate inlined into output. Blocks of
// 32x8 threads over x and y (a warp reads a contiguous row segment), channels as the third
// grid dimension; tails guarded with GuardWithIf.
// float16 variant of `hardswish` with its schedule: PTX widens float16 loads with cvt.f32.f16 and\n// narrows the output with cvt.rn.f16.f32, arithmetic in float.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var xo{"xo"}, yo{"yo"}, xi{"xi"}, yi{"yi"};
    // @layer compute
    // gate is inlined into output.
    // @layer loops
    a.output.gpu_tile(a.x, a.y, xo, yo, xi, yi, 32, 8, TailStrategy::GuardWithIf).gpu_blocks(a.c);
    // @end
    return a.kernel();
}
