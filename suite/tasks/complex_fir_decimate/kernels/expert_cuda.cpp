// Expert cuda schedule for `complex_fir_decimate`: one kernel. Blocks of 64 consecutive
// output samples of one channel; each thread accumulates both components (I, Q) of its
// output sample in registers across all K taps (one tap load feeds 2 multiply-adds; the
// (re, im) pair of an input sample is adjacent in memory, and neighbouring threads read
// input windows 4 samples apart that overlap, so they stay in cache). The filter is only
// evaluated at the kept samples. Block tails use GuardWithIf.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var jo{"jo"}, co{"co"}, ji{"ji"}, ci{"ci"};
    // @layer compute
    // fir lives in registers of each thread (below).
    // @layer loops
    a.y.bound(a.k2, 0, 2)
        .reorder(a.k2, a.j, a.c)
        .gpu_tile(a.j, a.c, jo, co, ji, ci, 64, 1, TailStrategy::GuardWithIf);
    // @layer memory
    a.fir.compute_at(a.y, ji).store_in(MemoryType::Register);
    // @layer vector
    a.y.unroll(a.k2);
    a.fir.unroll(a.k2);
    a.fir.update().reorder(a.k2, a.k, a.j, a.c).unroll(a.k2);
    // @end
    return a.kernel();
}
