// Expert cuda schedule for `concat_int8_requant`: one kernel; qa and qb are inlined into the output
// store, so each thread rescales only the input element its output channel comes from (the
// select's branches are uniform except in the one warp that straddles the channel
// boundary). 32x4x2 threads per block over (channels, columns, rows): in NHWC the channels
// are contiguous, so a warp reads and writes runs of consecutive bytes. Tails are guarded.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var co{"co"}, ci{"ci"}, xo{"xo"}, xi{"xi"}, yo{"yo"}, yi{"yi"};
    // @layer compute
    // qa and qb are inlined into output.
    // @layer loops
    a.output.gpu_tile(a.c, a.x, a.y, co, xo, yo, ci, xi, yi, 32, 4, 2, TailStrategy::GuardWithIf);
    // @end
    return a.kernel();
}
