// Expert cpu schedule for `swiglu_gate_fp16`: one pass, act inlined into y (Halide's exp is an
// inline polynomial that vectorizes; the float16 rounding of act between the two operators is
// a pair of conversions, vcvtps2ph and vcvtph2ps on x86). Rows in parallel strips of 4 tokens,
// each row in vectors of 4 * the natural float width (four independent vectors in flight),
// tail vectors guarded.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    Var to{"to"}, ti{"ti"}, dox{"dox"}, dix{"dix"};
    // @layer compute
    // act is inlined into y.
    // @layer loops
    a.y.split(a.t, to, ti, 4, TailStrategy::GuardWithIf).parallel(to);
    a.y.split(a.d, dox, dix, 4 * vec, TailStrategy::GuardWithIf);
    // @layer vector
    a.y.vectorize(dix, vec).unroll(dix);
    // @end
    return a.kernel();
}
