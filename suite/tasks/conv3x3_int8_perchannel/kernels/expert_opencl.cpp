// Expert opencl schedule for `conv3x3_int8_perchannel`: one kernel, the zero-point padding inlined
// into the loads. 16x4x4 threads per block over (output channels, pixel groups, rows); each thread
// accumulates 4 horizontally adjacent pixels of one output channel in int32 registers across the
// input channels and the 9 unrolled taps (one weight load feeds 4 multiply-adds) and requantizes
// them into the int8 store. Threads adjacent in the output channel read the same input pixels
// (broadcasts) and write adjacent bytes.
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
        .gpu_tile(a.c, a.x, a.y, co, xo, yo, ci, xi, yi, 16, 4, 4, TailStrategy::GuardWithIf);
    // @layer memory
    a.acc.compute_at(a.output, ci).store_in(MemoryType::Register);
    // @layer vector
    a.output.unroll(xv);
    a.acc.unroll(a.x);
    a.acc.update().reorder(a.x, a.r.y, a.r.z, a.r.x, a.c, a.y, a.n).unroll(a.x).unroll(a.r.y).unroll(a.r.z);
    // @end
    return a.kernel();
}
