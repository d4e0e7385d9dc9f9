// Expert cuda schedule for `kalman_update`: two kernels of 128-thread blocks, one thread
// per tracker: the first writes the tracker's 16 updated covariance entries, the
// second its 4 updated state entries. Every intermediate stage is inlined with the matrix
// indices unrolled, so each thread forms P_pred, S, the 2x2 inverse (one division) and the
// gain in registers and F, H, Q, R fold into plain multiply-adds.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var to{"to"}, ti{"ti"};
    // @layer compute
    // every intermediate stage is inlined into the outputs.
    a.P_new.bound(a.j, 0, 4).bound(a.i, 0, 4);
    a.x_new.bound(a.i, 0, 4);
    // @layer loops
    a.P_new.reorder(a.j, a.i, a.t).gpu_tile(a.t, to, ti, 128, TailStrategy::GuardWithIf);
    a.x_new.reorder(a.i, a.t).gpu_tile(a.t, to, ti, 128, TailStrategy::GuardWithIf);
    // @layer vector
    a.P_new.unroll(a.j).unroll(a.i);
    a.x_new.unroll(a.i);
    // @end
    return a.kernel();
}
