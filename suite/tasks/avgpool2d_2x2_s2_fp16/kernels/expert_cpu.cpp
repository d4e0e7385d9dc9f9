// Expert cpu schedule for `avgpool2d_2x2_s2_fp16`: an algorithm rewrite plus a vector schedule.
// The 2x2 window sum is one pure expression (no update stage), so the whole pool is a single
// loop nest: channels in parallel, each output row in 4-lane vectors. The stride-2 input
// loads are deinterleaved by shuffles, which stay cheap at 4 lanes (wider stride-2 shuffles
// on AVX-512 cost more than they save). Rows at least one vector wide shift their last vector
// inwards (it overlaps the previous one) instead of guarding it, so no load is predicated;
// narrower rows take a guarded fallback.
// float16 variant of `avgpool2d_2x2_s2` with its schedule: float16 loads widen to float (x86 F16C vcvtph2ps, Arm\n// fcvtl), the output narrows once (vcvtps2ph), and half the bytes of the float32 task move.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = 4;
    Var t{"t"};
    // @layer compute
    Func output("output");
    Expr x2 = 2 * a.x, y2 = 2 * a.y;
    auto in = [&](Expr x, Expr y) { return cast<float>(a.input(x, y, a.c, a.n)); };  // float16 in, float sums
    output(a.x, a.y, a.c, a.n) =
        cast(Float(16), ((in(x2, y2) + in(x2 + 1, y2)) + (in(x2, y2 + 1) + in(x2 + 1, y2 + 1))) * 0.25f);
    // @layer loops
    output.fuse(a.c, a.n, t).parallel(t);
    // @layer vector
    output.specialize(output.output_buffer().dim(0).extent() >= vec)
        .vectorize(a.x, vec, TailStrategy::ShiftInwards);
    output.vectorize(a.x, vec, TailStrategy::GuardWithIf);
    // @end
    return {{a.input}, {output}};
}
