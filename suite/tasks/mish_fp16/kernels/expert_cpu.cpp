// Expert cpu schedule for `mish_fp16`: an algorithm rewrite to v * q / (q + 2) with q = e * (e + 2),
// e = exp(v) (the identity tanh(log(1 + e)) = ((1 + e)^2 - 1) / ((1 + e)^2 + 1)): one vector exp
// and one divide per element instead of exp, log and a scalar tanh call.
// Rows are never fused (a fused channel-row index costs an integer divide per row); instead
// the channels are cut into about 8 parallel chunks (a run-time split, 4 per thread, so a
// busy core only delays a small share), and pipelines under 16K elements run on the
// calling thread alone, where waking the thread pool costs more than the work. Each row is
// one loop of full vectors whose last vector is shifted back inside the row (ShiftInwards,
// only under a specialization where the row is at least one vector long: a few elements
// recomputed, never a masked tail); rows shorter than a vector use half vectors, and rows
// shorter than half a vector a guarded vector.
// float16 variant of `mish` with its schedule: float16 loads widen to float (x86 F16C vcvtph2ps, Arm\n// fcvtl), the output narrows once (vcvtps2ph), and half the bytes of the float32 task move.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    const int half = vec / 2;
    Var co{"co"}, ci{"ci"};
    Expr W = a.input.dim(0).extent();
    Expr C = a.input.dim(2).extent();
    Expr elems = W * a.input.dim(1).extent() * C;
    Expr chans = max(1, (C + 7) / 8);  // channels per parallel chunk
    // @layer compute
    // An algorithm rewrite: with e = exp(v), tanh(log(1 + e)) = ((1 + e)^2 - 1) / ((1 + e)^2 + 1)
    // = q / (q + 2) for q = e * (e + 2): one exp and one divide, which vectorize, where Halide's
    // tanh and the log are a libm call and a second polynomial. Above 20, e * (e + 2) could
    // overflow to inf / inf; the factor is 1 to float precision there, so the output is v.
    Func out("out");
    Expr v = cast<float>(a.input(a.x, a.y, a.c, a.n));  // float16 in, float arithmetic
    Expr e = exp(min(v, 20.0f));
    Expr q = e * (e + 2.0f);
    out(a.x, a.y, a.c, a.n) = cast(Float(16), select(v > 20.0f, v, v * q / (q + 2.0f)));  // rounded once
    // @layer loops
    Stage big = out.specialize(elems >= 16384);
    big.split(a.c, co, ci, chans, TailStrategy::GuardWithIf).parallel(co);
    // @layer vector
    for (Stage s : {big, Stage(out)}) {
        s.specialize(W >= vec).vectorize(a.x, vec, TailStrategy::ShiftInwards);
        s.specialize(W >= half).vectorize(a.x, half, TailStrategy::ShiftInwards);
        s.vectorize(a.x, half, TailStrategy::GuardWithIf);
    }
    // @end
    return {{a.input}, {out}};
}
