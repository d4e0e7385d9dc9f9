// Expert opencl schedule for `conv2d_3x3`: the padded input is built once by its own kernel;
// the output runs as 16x8-thread work-groups per block of 4 output channels, and each
// thread accumulates its pixel's 4 channels in registers across all input channels and
// the 9 unrolled taps.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var xo{"xo"}, xi{"xi"}, yo{"yo"}, yi{"yi"}, co{"co"}, ci{"ci"};
    // @layer compute
    a.padded.compute_root();
    // @layer loops
    a.padded.gpu_tile(a.x, a.y, xo, yo, xi, yi, 16, 8, TailStrategy::GuardWithIf);
    a.output.split(a.c, co, ci, 4, TailStrategy::GuardWithIf)
        .reorder(ci, a.x, a.y, co, a.n)
        .gpu_tile(a.x, a.y, xo, yo, xi, yi, 16, 8, TailStrategy::GuardWithIf)
        .gpu_blocks(co);
    // @layer memory
    a.conv.compute_at(a.output, xi).store_in(MemoryType::Register);
    // @layer vector
    a.output.unroll(ci);
    a.conv.unroll(a.c);
    a.conv.update().reorder(a.c, a.r.y, a.r.z, a.r.x, a.x, a.y, a.n).unroll(a.c).unroll(a.r.y).unroll(a.r.z);
    // @end
    return a.kernel();
}
