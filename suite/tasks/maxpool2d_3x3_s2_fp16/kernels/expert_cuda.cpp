// Expert cuda schedule for `maxpool2d_3x3_s2_fp16`: one kernel. The output runs as 32x4x2
// thread blocks over (columns, rows, channels); each thread keeps its running maximum in a
// register across the 9 unrolled taps, and the -inf border is a select inlined in the taps
// (no padded copy of the input is written).
// float16 variant of `maxpool2d_3x3_s2` with its schedule: PTX widens float16 loads with cvt.f32.f16 and\n// narrows the output with cvt.rn.f16.f32, arithmetic in float.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var xo{"xo"}, xi{"xi"}, yo{"yo"}, yi{"yi"}, co{"co"}, ci{"ci"};
    // @layer compute
    // padded is inlined into the taps.
    // @layer loops
    a.output.gpu_tile(a.x, a.y, a.c, xo, yo, co, xi, yi, ci, 32, 4, 2, TailStrategy::GuardWithIf);
    // @layer memory
    a.pool.compute_at(a.output, xi).store_in(MemoryType::Register);
    // @layer vector
    a.pool.update().unroll(a.r.x).unroll(a.r.y);
    // @end
    return a.kernel();
}
