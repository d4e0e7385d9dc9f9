// Naive schedule for `dequant_matmul_int8w`: every stage at root, serial and scalar on CPU;
// one default GPU tile per stage on GPU backends. Also the task's trusted reference (built
// for cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // @layer compute
    a.dot.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var no, mo, ni, mi;
        a.dot.gpu_tile(a.n, a.m, no, mo, ni, mi, 16, 1, TailStrategy::GuardWithIf);
        a.dot.update().gpu_tile(a.n, a.m, no, mo, ni, mi, 16, 1, TailStrategy::GuardWithIf);
        a.y.gpu_tile(a.n, a.m, no, mo, ni, mi, 16, 1, TailStrategy::GuardWithIf);
    }
    // @end
    return a.kernel();
}
