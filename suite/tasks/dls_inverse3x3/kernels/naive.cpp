// Naive schedule for `dls_inverse3x3`: every stage at root, serial and scalar on CPU; one
// default GPU tile per stage on GPU backends. Also the task's trusted reference (built for cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // @layer compute
    a.S.compute_root();
    a.rdet.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var bo, bi, ro, ri;
        a.S.gpu_tile(a.r, a.b, ro, bo, ri, bi, 4, 64, TailStrategy::GuardWithIf);
        a.rdet.gpu_tile(a.b, bo, bi, 64, TailStrategy::GuardWithIf);
        a.out.gpu_tile(a.r, a.b, ro, bo, ri, bi, 4, 64, TailStrategy::GuardWithIf);
    }
    // @end
    return a.kernel();
}
