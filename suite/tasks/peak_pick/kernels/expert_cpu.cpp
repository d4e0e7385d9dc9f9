// Expert cpu schedule for `peak_pick`: two passes. The row sums are a vectorized reduction
// (one vector of partial sums per row, lanes summed at the end: the mean's rounding differs
// from a serial sum only in the last bits). The mask pass is one vectorized sweep: the 5-sample
// maximum is built from a shared pairwise maximum (m2[i] = max(x[i], x[i+1]); max of x[i-2 ..
// i+2] = max(m2[i-2], m2[i], x[i+2])), index clamps only at the row ends, and the mask is
// narrowed to bytes. Vectors first then blocks of 4096 samples of one channel, in parallel for
// large calls; tails use GuardWithIf (down to L = 1).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    Var io{"io"}, ii{"ii"}, iv{"iv"}, t{"t"}, lane{"lane"};
    // @layer compute
    Expr L = a.x.dim(0).extent();
    Func e{"e"}, m2{"m2"}, part{"part"}, mean{"mean"}, mask{"mask_v"};
    RDom rq(0, L / vec, "rq"), rt((L / vec) * vec, L - (L / vec) * vec, "rt"), rl(0, vec, "rl");
    part(lane, a.c) = 0.0f;
    part(lane, a.c) += a.x(rq * vec + lane, a.c);
    mean(a.c) = 0.0f;
    mean(a.c) += part(rl, a.c);
    mean(a.c) += a.x(rt, a.c);
    e(a.i, a.c) = a.x(clamp(a.i, 0, L - 1), a.c);
    m2(a.i, a.c) = max(e(a.i, a.c), e(a.i + 1, a.c));
    Expr v = a.x(a.i, a.c);
    Expr m = max(max(m2(a.i - 2, a.c), m2(a.i, a.c)), e(a.i + 2, a.c));
    mask(a.i, a.c) = select(v == m && v >= mean(a.c) / cast<float>(L), cast<uint8_t>(1), cast<uint8_t>(0));
    mean.compute_root();
    // @layer loops
    mask.split(a.i, iv, ii, 2 * vec, TailStrategy::GuardWithIf)
        .split(iv, io, iv, 4096 / (2 * vec), TailStrategy::GuardWithIf)
        .fuse(io, a.c, t);
    // @layer memory
    part.compute_at(mean, a.c);
    e.compute_at(mask, t);
    m2.compute_at(mask, t);
    // @layer vector
    part.vectorize(lane);
    part.update().vectorize(lane);
    e.vectorize(a.i, vec, TailStrategy::GuardWithIf);
    m2.vectorize(a.i, vec, TailStrategy::GuardWithIf);
    mask.vectorize(ii);
    mask.specialize(L * a.x.dim(1).extent() >= 65536).parallel(t);
    // @end
    return {{a.x}, {mask}};
}
