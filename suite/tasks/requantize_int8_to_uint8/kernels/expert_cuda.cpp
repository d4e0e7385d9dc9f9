// Expert cuda schedule for `requantize_int8_to_uint8`: one kernel instead of one per stage, scaled
// inlined into the uint8 store. 64x4-thread blocks over (columns, rows): consecutive threads read
// and write consecutive bytes. Tails are guarded.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var lo{"lo"}, li{"li"}, ro{"ro"}, ri{"ri"};
    // @layer compute
    // scaled is inlined into output.
    // @layer loops
    a.output.gpu_tile(a.l, a.r, lo, ro, li, ri, 64, 4, TailStrategy::GuardWithIf);
    // @end
    return a.kernel();
}
