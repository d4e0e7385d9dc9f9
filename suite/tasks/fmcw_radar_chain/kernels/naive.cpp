// Naive schedule for `fmcw_radar_chain`: every stage at root, serial and scalar on CPU; one
// default GPU tile per stage (and per update) on GPU backends. Also the task's trusted
// reference (built for cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    // @layer compute
    for (Func f : {a.win_n, a.win_c, a.tw_n, a.tw_c, a.tw_q, a.rng, a.dop, a.det, a.ang}) f.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var o0, o1, i0, i1, i2, o2;
        const TailStrategy g = TailStrategy::GuardWithIf;
        a.win_n.gpu_tile(a.n, o0, i0, 16, g);
        a.win_c.gpu_tile(a.c, o0, i0, 16, g);
        for (Func f : {a.tw_n, a.tw_c, a.tw_q}) f.gpu_tile(a.k, a.n, o0, o1, i0, i1, 16, 16, g);
        a.rng.gpu_tile(a.k, a.c, o0, o1, i0, i1, 16, 16, g);
        a.rng.update().gpu_tile(a.k, a.c, o0, o1, i0, i1, 16, 16, g);
        a.dop.gpu_tile(a.k, a.d, o0, o1, i0, i1, 16, 16, g);
        a.dop.update().gpu_tile(a.k, a.d, o0, o1, i0, i1, 16, 16, g);
        a.ang.gpu_tile(a.k, a.d, o0, o1, i0, i1, 16, 16, g);
        a.ang.update().gpu_tile(a.k, a.d, o0, o1, i0, i1, 16, 16, g);
        for (Func f : {a.det, a.snr}) f.gpu_tile(a.k, a.d, o0, o1, i0, i1, 16, 16, g);
        a.det.update().gpu_tile(a.k, a.d, o0, o1, i0, i1, 16, 16, g);
        a.az.gpu_tile(a.k, a.q, o0, o1, i0, i1, 16, 16, g);
        a.az.update().gpu_tile(a.k, a.q, o0, o1, i0, i1, 16, 16, g);
    }
    // @end
    return a.kernel();
}
