// Expert cpu schedule for `gelu_tanh`: an algorithm rewrite plus a vector schedule.
// 0.5 * x * (1 + tanh(z)) equals x * sigmoid(2z) = x / (1 + exp(-2z)); Halide's tanh is a
// scalar libm call per element, while its exp is an inline polynomial that vectorizes.
// Rows are processed in parallel strips of 4 rows, each row in vectors of 4 * natural width
// (four independent vectors in flight), tail vectors guarded.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    Var to{"to"}, ti{"ti"}, dox{"dox"}, dix{"dix"};
    // @layer compute
    Func y("y");
    Expr v = a.x(a.d, a.t);
    Expr z = task::Algorithm::beta * (v + task::Algorithm::kappa * v * v * v);
    y(a.d, a.t) = v / (1.0f + exp(-2.0f * z));
    // @layer loops
    y.split(a.t, to, ti, 4, TailStrategy::GuardWithIf).parallel(to);
    y.split(a.d, dox, dix, 4 * vec, TailStrategy::GuardWithIf);
    // @layer vector
    y.vectorize(dix, vec).unroll(dix);
    // @end
    return {{a.x}, {y}};
}
