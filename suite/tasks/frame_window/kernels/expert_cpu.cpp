// Expert cpu schedule for `frame_window`: one pass, unfolded inlined (the naive schedule
// materializes it), parallel strips of 8 frames; each frame is written in vectors of
// 2 * natural width (unaligned loads of x, aligned loads of the window, which stays in L1
// across all frames), the tail vector guarded.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    Var fo{"fo"}, fi{"fi"}, no{"no"}, ni{"ni"};
    // @layer compute
    // unfolded is inlined: each output element reads x directly, no frame buffer.
    // @layer loops
    a.frames.split(a.f, fo, fi, 8, TailStrategy::GuardWithIf).parallel(fo);
    a.frames.split(a.n, no, ni, 2 * vec, TailStrategy::GuardWithIf);
    // @layer vector
    a.frames.vectorize(ni, vec).unroll(ni);
    // @end
    return a.kernel();
}
