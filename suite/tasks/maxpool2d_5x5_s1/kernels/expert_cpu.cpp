// Expert cpu schedule for `maxpool2d_5x5_s1`: the separable rewrite (5 horizontal, then 5
// vertical maxima). Channels in parallel (chunks of channels, on the calling thread alone for
// small pipelines); per channel the horizontal maxima of the padded plane (H + 4 rows) are
// computed once into a small buffer, in guarded vectors; the -inf border is a select that
// Halide's loop partitioning removes from the interior. Output rows in guarded vectors, so
// planes narrower than a vector are legal.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    Var co{"co"}, ci{"ci"};
    // @layer compute
    // An algorithm rewrite, separable (max is exact, so the result is bit-identical): rowmax =
    // the maximum of 5 horizontal neighbours of the -inf-padded input, then the maximum of 5
    // vertical neighbours of rowmax: 8 max per output instead of 24.
    Func rowmax("rowmax"), out("out");
    rowmax(a.x, a.y, a.c, a.n) = max(max(a.padded(a.x - 2, a.y, a.c, a.n), a.padded(a.x - 1, a.y, a.c, a.n)),
                                     max(a.padded(a.x, a.y, a.c, a.n), a.padded(a.x + 1, a.y, a.c, a.n)),
                                     a.padded(a.x + 2, a.y, a.c, a.n));
    out(a.x, a.y, a.c, a.n) = max(max(rowmax(a.x, a.y - 2, a.c, a.n), rowmax(a.x, a.y - 1, a.c, a.n)),
                                  max(rowmax(a.x, a.y, a.c, a.n), rowmax(a.x, a.y + 1, a.c, a.n)),
                                  rowmax(a.x, a.y + 2, a.c, a.n));
    Expr W = a.input.dim(0).extent(), H = a.input.dim(1).extent(), C = a.input.dim(2).extent();
    // @layer loops
    out.split(a.c, co, ci, max(1, (C + 7) / 8), TailStrategy::GuardWithIf);
    Stage big = out.specialize(W * H * C >= 16384);
    big.parallel(co);
    // @layer memory
    rowmax.compute_at(out, ci);
    // @layer vector
    big.vectorize(a.x, vec, TailStrategy::GuardWithIf);
    out.vectorize(a.x, vec, TailStrategy::GuardWithIf);
    rowmax.vectorize(a.x, vec, TailStrategy::GuardWithIf);
    // @end
    return {{a.input}, {out}};
}
