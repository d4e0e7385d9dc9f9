// Expert cpu schedule for `dlinear_moving_avg`: an algorithm rewrite to five sums of five
// samples (8 adds per output instead of 24). Channels in parallel (chunks of channels, and on
// the calling thread alone for small pipelines); per channel the five-sample sums of the
// edge-repeated series are computed once into a small buffer (vectorized, guarded) and the
// output row reads five of them per sample (vectorized, guarded, so rows shorter than a vector
// are legal). The edge clamp is inlined; it costs a vector min and max per load.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    Var co{"co"}, ci{"ci"};
    // @layer compute
    // An algorithm rewrite: the 25-sample window as five sums of five (s5), so an output costs
    // 8 adds instead of 24: s5(l) = p(l) + ... + p(l + 4), out(l) = (s5(l - 12) + s5(l - 7) +
    // s5(l - 2) + s5(l + 3) + s5(l + 8)) / 25 over the edge-repeated series p.
    Func p("p"), s5("s5"), out("out");
    Expr L = a.input.dim(0).extent();
    p(a.l, a.c, a.n) = a.input(clamp(a.l, 0, L - 1), a.c, a.n);
    s5(a.l, a.c, a.n) = p(a.l, a.c, a.n) + p(a.l + 1, a.c, a.n) + p(a.l + 2, a.c, a.n) +
                        p(a.l + 3, a.c, a.n) + p(a.l + 4, a.c, a.n);
    out(a.l, a.c, a.n) = (s5(a.l - 12, a.c, a.n) + s5(a.l - 7, a.c, a.n) + s5(a.l - 2, a.c, a.n) +
                          s5(a.l + 3, a.c, a.n) + s5(a.l + 8, a.c, a.n)) / 25.0f;
    Expr C = a.input.dim(1).extent();
    // @layer loops
    out.split(a.c, co, ci, max(1, (C + 7) / 8), TailStrategy::GuardWithIf);
    Stage big = out.specialize(L * C >= 16384);
    big.parallel(co);
    // @layer memory
    s5.compute_at(out, ci);
    // @layer vector
    big.vectorize(a.l, vec, TailStrategy::GuardWithIf);
    out.vectorize(a.l, vec, TailStrategy::GuardWithIf);
    s5.vectorize(a.l, vec, TailStrategy::GuardWithIf);
    // @end
    return {{a.input}, {out}};
}
