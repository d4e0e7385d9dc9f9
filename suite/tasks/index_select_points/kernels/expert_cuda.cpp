// Expert cuda schedule for `index_select_points`: one kernel, 64x4 thread blocks over (m, c):
// neighbouring threads read neighbouring indices (coalesced) and write neighbouring outputs; the
// feature reads are the gather. Tails guarded.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var mo{"mo"}, co{"co"}, mi{"mi"}, ci{"ci"};
    // @layer compute
    // one stage.
    // @layer loops
    a.output.gpu_tile(a.m, a.c, mo, co, mi, ci, 64, 4, TailStrategy::GuardWithIf);
    // @end
    return a.kernel();
}
