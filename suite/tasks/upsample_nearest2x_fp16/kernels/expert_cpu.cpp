// Expert cpu schedule for `upsample_nearest2x_fp16`: channels in parallel; each output row is
// written in 8-lane vectors (at most the natural width), 2 vectors unrolled per step, the
// row tail guarded. A vector of x / 2 is a half-width dense load duplicated lane by lane (one
// shuffle); 8 lanes keep that shuffle cheap, 16-lane AVX-512 duplicates cost more than they
// save.
// float16 variant of `upsample_nearest2x` with its schedule: float16 loads widen to float (x86 F16C vcvtph2ps, Arm\n// fcvtl), the output narrows once (vcvtps2ph), and half the bytes of the float32 task move.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int natural = target.natural_vector_size(Float(32));
    const int vec = natural < 8 ? natural : 8;
    Var xo{"xo"}, xi{"xi"}, t{"t"};
    // @layer loops
    a.output.fuse(a.c, a.n, t).parallel(t)
        .split(a.x, xo, xi, 2 * vec, TailStrategy::GuardWithIf);
    // @layer vector
    a.output.vectorize(xi, vec).unroll(xi);
    // @end
    return a.kernel();
}
