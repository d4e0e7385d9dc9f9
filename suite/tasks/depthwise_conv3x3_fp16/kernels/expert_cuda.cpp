// Expert cuda schedule for `depthwise_conv3x3_fp16`: one kernel. 32x8-thread blocks over (columns,
// rows) of one channel; each block first stages its 34x10 input tile (the zero padding
// applied while loading) into shared memory, cooperatively and coalesced along x, then each
// thread computes one output pixel from shared memory, the 9 taps unrolled and accumulated
// in a register. Every input element is read from global memory once per block instead of
// 9 times.
// float16 variant of `depthwise_conv3x3` with its schedule: PTX widens float16 loads with cvt.f32.f16 and\n// narrows the output with cvt.rn.f16.f32, arithmetic in float.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var xo{"xo"}, xi{"xi"}, yo{"yo"}, yi{"yi"}, co{"co"}, ci{"ci"};
    // @layer compute
    // padded is staged per block in shared memory; conv lives in registers (below).
    // @layer loops
    a.output.gpu_tile(a.x, a.y, a.c, xo, yo, co, xi, yi, ci, 32, 8, 1, TailStrategy::GuardWithIf);
    // @layer memory
    a.padded.compute_at(a.output, xo).store_in(MemoryType::GPUShared).gpu_threads(a.x, a.y);
    a.conv.compute_at(a.output, xi).store_in(MemoryType::Register);
    // @layer vector
    a.conv.update().unroll(a.r.x).unroll(a.r.y);
    // @end
    return a.kernel();
}
