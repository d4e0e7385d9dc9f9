// Expert cuda schedule for `xcorr_lags`: one kernel. One thread per (lag, pair), blocks of
// 32 lags x 4 pairs; each thread accumulates its correlation in a register across all N
// samples. The 32 threads of a warp read the same x[p, n] (a broadcast) and 32 consecutive
// y[p, n + l] (coalesced). Block tails use GuardWithIf.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var lo{"lo"}, po{"po"}, li{"li"}, pi{"pi"};
    // @layer loops
    a.c.gpu_tile(a.l, a.p, lo, po, li, pi, 32, 4, TailStrategy::GuardWithIf);
    // @layer memory
    a.corr.compute_at(a.c, li).store_in(MemoryType::Register);
    // @end
    return a.kernel();
}
