// Expert opencl schedule for `conv1d_dilated`: the padded input is built once by its own kernel;
// the output runs as 4x8-thread work-groups over (8-step vectors, output channels), each
// thread accumulating an 8-wide vector of one output channel in registers across all input
// channels and the 3 unrolled taps.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = 8;
    Var lo{"lo"}, li{"li"}, co{"co"}, ci{"ci"}, lv{"lv"};
    // @layer compute
    a.padded.compute_root();
    // @layer loops
    a.padded.gpu_tile(a.l, a.c, lo, co, li, ci, 32, 4, TailStrategy::GuardWithIf);
    a.output.split(a.l, a.l, lv, vec, TailStrategy::GuardWithIf)
        .reorder(lv, a.l, a.c, a.n)
        .gpu_tile(a.l, a.c, lo, co, li, ci, 4, 8, TailStrategy::GuardWithIf);
    // @layer memory
    // A full vector even at the end of time, so it stays in a register: the extra steps read
    // padded (defined everywhere) and are never stored.
    a.conv.compute_at(a.output, li).store_in(MemoryType::Register).bound_extent(a.l, vec);
    // @layer vector
    a.output.vectorize(lv);
    a.conv.vectorize(a.l);
    a.conv.update().reorder(a.l, a.r.y, a.r.x, a.c, a.n).vectorize(a.l).unroll(a.r.y);
    // @end
    return a.kernel();
}
