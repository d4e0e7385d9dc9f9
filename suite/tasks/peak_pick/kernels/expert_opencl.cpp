// Expert opencl schedule for `peak_pick`: two kernels. The row sums: one work-group per row, 128
// work-items each summing a strided slice of the row into a register (rfactor), then one work-item
// adds the 128 partial sums. The mask: one work-item per 4 consecutive samples (work-groups of 64
// work-items = 256 samples of one channel): the work-item loads its 8-sample window once
// (neighbouring maxima share loads after unrolling) and writes 4 mask bytes. Tails use
// GuardWithIf.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var io{"io"}, co{"co"}, ii{"ii"}, ci{"ci"}, iv{"iv"}, u{"u"};
    RVar ro{"ro"}, ri{"ri"};
    // @layer compute
    Func partial = a.rowsum.update().split(a.r.x, ro, ri, 128, TailStrategy::GuardWithIf).rfactor(ri, u);
    a.rowsum.compute_root();
    // @layer loops
    a.rowsum.gpu_blocks(a.c);
    a.rowsum.update().gpu_blocks(a.c);
    partial.compute_at(a.rowsum, a.c).gpu_threads(u);
    partial.update().gpu_threads(u);
    a.mask.split(a.i, a.i, iv, 4, TailStrategy::GuardWithIf)
        .reorder(iv, a.i, a.c)
        .gpu_tile(a.i, a.c, io, co, ii, ci, 64, 1, TailStrategy::GuardWithIf);
    // @layer vector
    a.mask.unroll(iv);
    // @end
    return a.kernel();
}
