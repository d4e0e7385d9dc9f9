// Expert opencl schedule for `depth_decoder_block`: three kernels with 16x4 work-groups over
// (columns, rows). The first writes the reflection-padded concat once (upsample and concat
// are index arithmetic there); the second gives each work-item one act value: the conv1 sum
// over the 3x3 taps and all input channels in a register (taps unrolled, neighbouring
// work-items reading neighbouring columns), the bias and ELU fused; the third gives each
// work-item one disparity: the conv2 sum over the reflection-padded act (the reflection
// folded into its load addresses) in a register, the bias and sigmoid fused.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    Var xo{"xo"}, yo{"yo"}, co{"co"}, xi{"xi"}, yi{"yi"}, ci{"ci"};
    // @layer compute
    // up and cat are inlined into cat_pad, act_pad into conv2; conv1 and conv2 live in
    // registers (below).
    a.cat_pad.compute_root();
    a.act.compute_root();
    // @layer loops
    for (Func f : {a.cat_pad, a.act, a.disp}) {
        f.gpu_tile(a.col, a.row, a.c, xo, yo, co, xi, yi, ci, 16, 4, 1, TailStrategy::GuardWithIf);
    }
    // @layer memory
    a.conv1.compute_at(a.act, xi).store_in(MemoryType::Register);
    a.conv2.compute_at(a.disp, xi).store_in(MemoryType::Register);
    // @layer vector
    a.conv1.update().unroll(a.r1.x).unroll(a.r1.y);
    a.conv2.update().unroll(a.r2.x).unroll(a.r2.y);
    // @end
    return a.kernel();
}
