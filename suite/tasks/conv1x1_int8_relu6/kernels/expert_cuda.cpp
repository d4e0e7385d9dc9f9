// Expert cuda schedule for `conv1x1_int8_relu6`: one kernel. 32x8-thread blocks over
// (columns, rows), one channel group per grid z; threads adjacent along x, so each input
// channel row is read coalesced across a warp and each weight is a warp-uniform broadcast.
// Each thread accumulates one pixel of 8 output channels in int32 registers across the input
// channel loop (one input load feeds 8 multiply-adds), with bias + requantization + the
// ReLU6 clamp fused into the int8 store.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int chans = 8;
    Var xo{"xo"}, yo{"yo"}, co{"co"}, xi{"xi"}, yi{"yi"}, cj{"cj"}, cv{"cv"};
    // @layer compute
    // acc is inlined into output; dot lives in registers of each GPU thread (below).
    // @layer loops
    a.output.split(a.c, a.c, cv, chans, TailStrategy::GuardWithIf)
        .reorder(cv, a.x, a.y, a.c, a.n)
        .gpu_tile(a.x, a.y, a.c, xo, yo, co, xi, yi, cj, 32, 8, 1, TailStrategy::GuardWithIf);
    // @layer memory
    a.dot.compute_at(a.output, xi).store_in(MemoryType::Register);
    // @layer vector
    a.output.unroll(cv);
    a.dot.unroll(a.c);
    a.dot.update().reorder(a.c, a.x, a.y, a.ci, a.n).unroll(a.c);
    // @end
    return a.kernel();
}
