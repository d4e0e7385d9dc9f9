// Expert cuda schedule for `frame_window`: one kernel of 128x2-thread blocks, one output
// element per thread; a warp covers 32 consecutive samples of one frame, so its loads of x
// and of the window and its stores are all coalesced; tails guarded with GuardWithIf.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var no{"no"}, fo{"fo"}, ni{"ni"}, fi{"fi"};
    // @layer compute
    // unfolded is inlined: each output element reads x directly, no frame buffer.
    // @layer loops
    a.frames.gpu_tile(a.n, a.f, no, fo, ni, fi, 128, 2, TailStrategy::GuardWithIf);
    // @end
    return a.kernel();
}
