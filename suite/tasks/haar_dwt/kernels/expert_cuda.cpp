// Expert cuda schedule for `haar_dwt`: three elementwise kernels, one per output, one thread
// per coefficient in blocks of 128 x 1 channel: a2 and d2 each read their 4 consecutive
// inputs (the level-1 approximation is inlined, never stored), d1 its 2; neighbouring threads
// read neighbouring samples (coalesced).
// Tails use GuardWithIf.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var io{"io"}, co{"co"}, ii{"ii"}, ci{"ci"};
    // @layer loops
    for (Func f : {a.a2, a.d2, a.d1}) f.gpu_tile(a.i, a.c, io, co, ii, ci, 128, 1, TailStrategy::GuardWithIf);
    // @end
    return a.kernel();
}
