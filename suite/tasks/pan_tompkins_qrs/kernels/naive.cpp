// Naive schedule for `pan_tompkins_qrs`: every filter stage at root, serial and scalar on
// CPU, the direct running sums; one default GPU tile per stage on GPU backends (the decision
// scan, serial by nature, one GPU thread). Also the task's trusted reference (cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // @layer compute
    for (Func f : {a.xi, a.lp, a.hp, a.d, a.sq, a.mwi_i, a.st}) f.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var no, ni, bo, bi;
        const TailStrategy g = TailStrategy::GuardWithIf;
        for (Func f : {a.xi, a.lp, a.hp, a.d, a.sq, a.mwi_i, a.st}) f.gpu_tile(a.n, no, ni, 16, g);
        a.st.update().gpu_single_thread();
        for (Func f : {a.mwi, a.qrs, a.thr}) f.gpu_tile(a.n, a.b, no, bo, ni, bi, 16, 1, g);
    }
    // @end
    return a.kernel();
}
