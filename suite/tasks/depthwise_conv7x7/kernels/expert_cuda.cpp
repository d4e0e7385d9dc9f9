// Expert cuda schedule for `depthwise_conv7x7`: one kernel. 32x8-thread blocks over (output
// columns, output rows) of one channel; each block first stages the 38x14 input tile it reads (the
// zero padding applied while loading) into shared memory, cooperatively and coalesced along x, then
// each thread computes one output pixel from shared memory, the 49 taps unrolled and accumulated in
// a register. Every input element is read from global memory once per block instead of up to 49
// times.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var xo{"xo"}, xi{"xi"}, yo{"yo"}, yi{"yi"}, co{"co"}, ci{"ci"};
    Var px{"px"}, tx{"tx"}, py{"py"}, ty{"ty"};
    // @layer compute
    // padded is staged per block in shared memory; conv lives in registers (below).
    // @layer loops
    a.output.gpu_tile(a.x, a.y, a.c, xo, yo, co, xi, yi, ci, 32, 8, 1, TailStrategy::GuardWithIf);
    // @layer memory
    // The staging loops are split to the block's 32x8 threads, so the tile never asks for
    // more threads than the block has.
    a.padded.compute_at(a.output, xo).store_in(MemoryType::GPUShared)
        .split(a.x, px, tx, 32, TailStrategy::GuardWithIf)
        .split(a.y, py, ty, 8, TailStrategy::GuardWithIf)
        .reorder(tx, ty, px, py, a.c, a.n)
        .gpu_threads(tx, ty);
    a.conv.compute_at(a.output, xi).store_in(MemoryType::Register);
    // @layer vector
    a.conv.update().unroll(a.r.x).unroll(a.r.y);
    // @end
    return a.kernel();
}
