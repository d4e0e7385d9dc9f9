// Expert cpu schedule for `silu_fp16`: one pass, sig inlined into y (Halide's exp is an inline
// polynomial that vectorizes). Rows are processed in parallel strips of 4 rows, each row in
// vectors of 4 * natural width (four independent vectors in flight), tail vectors guarded.
// float16 variant of `silu` with its schedule: float16 loads widen to float (x86 F16C vcvtph2ps, Arm\n// fcvtl), the output narrows once (vcvtps2ph), and half the bytes of the float32 task move.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    Var to{"to"}, ti{"ti"}, dox{"dox"}, dix{"dix"};
    // @layer compute
    // sig is inlined into y.
    // @layer loops
    a.y.split(a.t, to, ti, 4, TailStrategy::GuardWithIf).parallel(to);
    a.y.split(a.d, dox, dix, 4 * vec, TailStrategy::GuardWithIf);
    // @layer vector
    a.y.vectorize(dix, vec).unroll(dix);
    // @end
    return a.kernel();
}
