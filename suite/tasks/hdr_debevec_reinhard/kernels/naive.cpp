// Naive schedule for `hdr_debevec_reinhard`: every stage at root, serial and scalar on CPU; one
// default GPU tile per stage (and per update) on GPU backends. Also the task's trusted
// reference (built for cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // @layer compute
    for (Func f : {a.wp, a.num, a.den, a.E, a.lum, a.rowsum, a.lsum, a.scale}) f.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var o0, o1, i0, i1;
        const TailStrategy t = TailStrategy::GuardWithIf;
        for (Func f : {a.wp, a.num, a.den, a.E, a.lum, a.out}) f.gpu_tile(a.x, a.y, o0, o1, i0, i1, 16, 16, t);
        a.num.update().gpu_tile(a.x, a.y, o0, o1, i0, i1, 16, 16, t);
        a.den.update().gpu_tile(a.x, a.y, o0, o1, i0, i1, 16, 16, t);
        a.rowsum.gpu_tile(a.y, o0, i0, 16, t);
        a.rowsum.update().gpu_tile(a.y, o0, i0, 16, t);
        for (Func f : {a.lsum, a.scale}) f.gpu_tile(a.u, o0, i0, 16, t);
        a.lsum.update().gpu_tile(a.u, o0, i0, 16, t);
    }
    // @end
    return a.kernel();
}
