// Expert cuda schedule for `maxpool2x2_int8`: one kernel instead of one per stage. Blocks of
// 32x8 threads over (output columns, output rows) of one channel; each thread keeps the
// running max of its 2x2 window in a register (the window unrolled) and writes one int8
// output, consecutive threads reading consecutive byte pairs of the two input rows. All tails
// are guarded.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var xo{"xo"}, yo{"yo"}, co{"co"}, xi{"xi"}, yi{"yi"}, ci{"ci"};
    // @layer compute
    // pooled is computed per thread (memory, below).
    // @layer loops
    a.output.gpu_tile(a.x, a.y, a.c, xo, yo, co, xi, yi, ci, 32, 8, 1, TailStrategy::GuardWithIf);
    // @layer memory
    a.pooled.compute_at(a.output, xi).store_in(MemoryType::Register);
    // @layer vector
    a.pooled.update().unroll(a.r.x).unroll(a.r.y);
    // @end
    return a.kernel();
}
