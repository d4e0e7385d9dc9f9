// Expert cpu schedule for `gelu_tanh_fp16`: an algorithm rewrite plus a vector schedule.
// 0.5 * x * (1 + tanh(z)) equals x * sigmoid(2z) = x / (1 + exp(-2z)); Halide's tanh is a
// scalar libm call per element, while its exp is an inline polynomial that vectorizes.
// Rows are processed in parallel strips of 4 rows, each row in vectors of 4 * natural width
// (four independent vectors in flight), tail vectors guarded.
// float16 variant of `gelu_tanh` with its schedule: float16 loads widen to float (x86 F16C vcvtph2ps, Arm\n// fcvtl), the output narrows once (vcvtps2ph), and half the bytes of the float32 task move.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    Var to{"to"}, ti{"ti"}, dox{"dox"}, dix{"dix"};
    // @layer compute
    Func y("y");
    Expr v = cast<float>(a.x(a.d, a.t));  // float16 in, float arithmetic
    Expr z = task::Algorithm::beta * (v + task::Algorithm::kappa * v * v * v);
    y(a.d, a.t) = cast(Float(16), v / (1.0f + exp(-2.0f * z)));  // rounded to float16 once
    // @layer loops
    y.split(a.t, to, ti, 4, TailStrategy::GuardWithIf).parallel(to);
    y.split(a.d, dox, dix, 4 * vec, TailStrategy::GuardWithIf);
    // @layer vector
    y.vectorize(dix, vec).unroll(dix);
    // @end
    return {{a.x}, {y}};
}
