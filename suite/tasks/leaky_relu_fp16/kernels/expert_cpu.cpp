// Expert cpu schedule for `leaky_relu_fp16`: one pass, a multiply and a blend per vector.
// Rows are never fused (a fused channel-row index costs an integer divide per row); instead
// the channels are cut into about 8 parallel chunks (a run-time split, 4 per thread, so a
// busy core only delays a small share), and pipelines under 32K elements run on the
// calling thread alone, where waking the thread pool costs more than the work. Each row is
// one loop of full vectors whose last vector is shifted back inside the row (ShiftInwards,
// only under a specialization where the row is at least one vector long: a few elements
// recomputed, never a masked tail); rows shorter than a vector use half vectors, and rows
// shorter than half a vector a guarded vector.
// float16 variant of `leaky_relu` with its schedule: float16 loads widen to float (x86 F16C vcvtph2ps, Arm\n// fcvtl), the output narrows once (vcvtps2ph), and half the bytes of the float32 task move.
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
    // one stage.
    // @layer loops
    Stage big = a.output.specialize(elems >= 32768);
    big.split(a.c, co, ci, chans, TailStrategy::GuardWithIf).parallel(co);
    // @layer vector
    for (Stage s : {big, Stage(a.output)}) {
        s.specialize(W >= vec).vectorize(a.x, vec, TailStrategy::ShiftInwards);
        s.specialize(W >= half).vectorize(a.x, half, TailStrategy::ShiftInwards);
        s.vectorize(a.x, half, TailStrategy::GuardWithIf);
    }
    // @end
    return a.kernel();
}
