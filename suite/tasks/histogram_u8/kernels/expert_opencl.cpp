// Expert opencl schedule for `histogram_u8`: a two-stage histogram through rfactor (bin
// inlined), without atomics. Kernel 1 zeroes one partial histogram per strip of 8 rows.
// Kernel 2: one work-item per strip (work-groups of 8 strips) scans its strip row by row and
// increments its own partial histogram (1 KiB, private to the work-item, so no atomics and
// no contention). Kernel 3: one work-item per bin sums that bin over the strips.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int rows = 8;
    Var v{"v"}, bo{"bo"}, bi{"bi"}, vo{"vo"}, vi{"vi"};
    RVar ryo{"ryo"}, ryi{"ryi"};
    // @layer compute
    // partial(b, v): the histogram of strip v. bin is inlined into the scatter.
    Func partial = a.counts.update().split(a.r.y, ryo, ryi, rows).rfactor(ryo, v);
    partial.compute_root();
    a.counts.compute_root();
    // @layer loops
    partial.gpu_tile(a.b, v, bo, vo, bi, vi, 64, 4, TailStrategy::GuardWithIf);
    partial.update().gpu_tile(v, vo, vi, 8, TailStrategy::GuardWithIf);
    a.counts.gpu_tile(a.b, bo, bi, 64, TailStrategy::GuardWithIf);
    a.counts.update().gpu_tile(a.b, bo, bi, 64, TailStrategy::GuardWithIf);
    a.hist.gpu_tile(a.b, bo, bi, 64, TailStrategy::GuardWithIf);
    // @end
    return a.kernel();
}
