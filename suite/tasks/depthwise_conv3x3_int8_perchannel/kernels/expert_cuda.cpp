// Expert cuda schedule for `depthwise_conv3x3_int8_perchannel`: one kernel, the zero-point padding
// inlined into the loads. 32x4x2 threads per block over (channels, pixel groups, rows); each thread
// accumulates 4 horizontally adjacent pixels of one channel in int32 registers across the 9
// unrolled taps (each weight loaded once for the 4) and requantizes them into the int8 store. In
// NHWC adjacent threads read and write adjacent bytes.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var co{"co"}, ci{"ci"}, xo{"xo"}, xi{"xi"}, yo{"yo"}, yi{"yi"}, xv{"xv"};
    // @layer compute
    // padded is inlined; acc lives in registers of each thread (below).
    // @layer loops
    a.output.split(a.x, a.x, xv, 4, TailStrategy::GuardWithIf)
        .reorder(xv, a.c, a.x, a.y, a.n)
        .gpu_tile(a.c, a.x, a.y, co, xo, yo, ci, xi, yi, 32, 4, 2, TailStrategy::GuardWithIf);
    // @layer memory
    a.acc.compute_at(a.output, ci).store_in(MemoryType::Register);
    // @layer vector
    a.output.unroll(xv);
    a.acc.unroll(a.x);
    a.acc.update().reorder(a.x, a.r.x, a.r.y, a.c, a.y, a.n).unroll(a.x).unroll(a.r.x).unroll(a.r.y);
    // @end
    return a.kernel();
}
