// Expert cuda schedule for `depthwise_conv3x3_int8`: one kernel. 32x8-thread blocks over
// (columns, rows) of one channel; each block first stages its 34x10 int8 input tile (the
// zero-point padding applied while loading) into shared memory, cooperatively and coalesced
// along x, then each thread computes one output pixel from shared memory, the 9 taps unrolled
// and accumulated in an int32 register, and requantizes it into the int8 store. Every input
// element is read from global memory once per block instead of 9 times.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var xo{"xo"}, xi{"xi"}, yo{"yo"}, yi{"yi"}, co{"co"}, ci{"ci"};
    // @layer compute
    // padded is staged per block in shared memory; acc lives in registers (below).
    // @layer loops
    a.output.gpu_tile(a.x, a.y, a.c, xo, yo, co, xi, yi, ci, 32, 8, 1, TailStrategy::GuardWithIf);
    // @layer memory
    a.padded.compute_at(a.output, xo).store_in(MemoryType::GPUShared).gpu_threads(a.x, a.y);
    a.acc.compute_at(a.output, xi).store_in(MemoryType::Register);
    // @layer vector
    a.acc.update().unroll(a.r.x).unroll(a.r.y);
    // @end
    return a.kernel();
}
