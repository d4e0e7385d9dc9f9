// Expert cpu schedule for `maxpool1d_k4`: the window as one expression (four stride-4 loads,
// which LLVM turns into dense loads and deinterleaving shuffles, and three vector max);
// channels in parallel when the pipeline is large enough to pay for the thread pool, each
// channel's row in guarded vectors (rows of one output sample are legal).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    Expr L = a.input.dim(0).extent();
    Expr C = a.input.dim(1).extent();
    Var co{"co"}, ci{"ci"};
    // @layer compute
    // An algorithm rewrite: the four taps as one expression, so a vector of outputs is four
    // stride-4 loads (dense loads and deinterleaving shuffles on cpu) and three max.
    Func out("out");
    Expr l4 = a.l * task::Algorithm::kernel_size;
    out(a.l, a.c, a.n) = max(max(a.input(l4, a.c, a.n), a.input(l4 + 1, a.c, a.n)),
                             max(a.input(l4 + 2, a.c, a.n), a.input(l4 + 3, a.c, a.n)));
    // @layer loops
    Stage big = out.specialize(L * C >= 32768);
    big.split(a.c, co, ci, max(1, (C + 7) / 8), TailStrategy::GuardWithIf).parallel(co);
    // @layer vector
    big.vectorize(a.l, vec, TailStrategy::GuardWithIf);
    out.vectorize(a.l, vec, TailStrategy::GuardWithIf);
    // @end
    return {{a.input}, {out}};
}
