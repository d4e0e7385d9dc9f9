// Expert cuda schedule for `avgpool2d_2x2_s2_fp16`: one kernel. The output runs as 32x4x2
// thread blocks over (columns, rows, channels); each thread sums its 2x2 window in a
// register (the taps unrolled) and writes the average once. Adjacent threads read adjacent
// pairs of input columns, so a warp's loads are coalesced.
// float16 variant of `avgpool2d_2x2_s2` with its schedule: PTX widens float16 loads with cvt.f32.f16 and\n// narrows the output with cvt.rn.f16.f32, arithmetic in float.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var xo{"xo"}, xi{"xi"}, yo{"yo"}, yi{"yi"}, co{"co"}, ci{"ci"};
    // @layer compute
    // pool lives in a register of each thread (below).
    // @layer loops
    a.output.gpu_tile(a.x, a.y, a.c, xo, yo, co, xi, yi, ci, 32, 4, 2, TailStrategy::GuardWithIf);
    // @layer memory
    a.pool.compute_at(a.output, xi).store_in(MemoryType::Register);
    // @layer vector
    a.pool.update().unroll(a.r.x).unroll(a.r.y);
    // @end
    return a.kernel();
}
