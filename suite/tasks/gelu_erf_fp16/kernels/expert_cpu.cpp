// Expert cpu schedule for `gelu_erf_fp16`: one pass, cdf inlined (Halide's erf is a rational
// polynomial that vectorizes).
// Rows are processed in parallel strips of 4 rows (on the calling thread alone under 16K
// elements, where waking the thread pool costs more than the work), each row in vectors of
// 4 * natural width (four independent vectors in flight), tail vectors guarded.
// float16 variant of `gelu_erf` with its schedule: float16 loads widen to float (x86 F16C vcvtph2ps, Arm\n// fcvtl), the output narrows once (vcvtps2ph), and half the bytes of the float32 task move.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    Var to{"to"}, ti{"ti"}, dox{"dox"}, dix{"dix"};
    // @layer compute
    // cdf inlined into y.
    // @layer loops
    a.y.split(a.t, to, ti, 4, TailStrategy::GuardWithIf);
    a.y.split(a.d, dox, dix, 4 * vec, TailStrategy::GuardWithIf);
    Stage big = a.y.specialize(a.x.dim(0).extent() * a.x.dim(1).extent() >= 16384);
    big.parallel(to);
    // @layer vector
    for (Stage s : {big, Stage(a.y)}) s.vectorize(dix, vec).unroll(dix);
    // @end
    return a.kernel();
}
