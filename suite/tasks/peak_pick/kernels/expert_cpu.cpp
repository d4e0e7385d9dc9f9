// Expert cpu schedule for `peak_pick`: one vectorized pass. The interior (1 <= i < L-1) is
// computed without index clamps: the three compares use contiguous loads at i-1, i, i+1 and
// the mask is narrowed to bytes (vec uint8 lanes per store, several float vectors combined);
// the first and last samples go through the clamped definition. Blocks of 4096 samples of one
// channel run in parallel for large calls; tails use GuardWithIf (down to L = 1).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    Var io{"io"}, ii{"ii"}, iv{"iv"}, t{"t"};
    // @layer compute
    Expr L = a.x.dim(0).extent();
    Func mask{"mask_v"};
    Expr interior = a.i >= 1 && a.i < L - 1;
    Expr ic = clamp(a.i, 1, max(L - 2, 1));
    Expr v = a.x(ic, a.c);
    Expr fast = v > task::Algorithm::threshold && v > a.x(ic - 1, a.c) && v >= a.x(ic + 1, a.c);
    mask(a.i, a.c) = select(interior && fast, cast<uint8_t>(1), cast<uint8_t>(0));
    // @layer loops
    // Vectors first (a guarded last vector), then blocks of vectors: a tail costs one
    // predicated vector, not a block of all-false ones.
    mask.split(a.i, iv, ii, 2 * vec, TailStrategy::GuardWithIf)
        .split(iv, io, iv, 4096 / (2 * vec), TailStrategy::GuardWithIf)
        .fuse(io, a.c, t);
    // @layer vector
    mask.vectorize(ii);
    mask.specialize(L * a.x.dim(1).extent() >= 65536).parallel(t);
    // @end
    return {{a.x}, {mask}};
}
