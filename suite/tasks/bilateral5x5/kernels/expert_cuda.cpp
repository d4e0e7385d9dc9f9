// Expert cuda schedule for `bilateral5x5`: one kernel of 32x8 thread blocks. Each block copies
// its tile plus the 2-pixel halo (36 x 12 values, clamped reads) into shared memory; each
// thread then evaluates the 25 taps of its pixel from shared memory (num and den inlined,
// in registers).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var xo{"xo"}, yo{"yo"}, xi{"xi"}, yi{"yi"};
    // @layer loops
    a.out.gpu_tile(a.x, a.y, xo, yo, xi, yi, 32, 8, TailStrategy::GuardWithIf);
    // @layer memory
    a.clamped.compute_at(a.out, xo).store_in(MemoryType::GPUShared);
    a.clamped.gpu_threads(a.x, a.y);
    // @end
    return a.kernel();
}
