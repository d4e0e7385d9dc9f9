// Expert cpu schedule for `raw_linearize`: one pass (lin inlined), walked in 2x2 CFA cells: x
// and y split by 2 (both extents are even) with the phase unrolled, so each store's black
// level and divisor are per-row constants (scale tabulated once, 4 entries). Strips of 16 cell
// rows in parallel, vectorized over cells with natural float vectors: a vector load of the
// raw samples, a gather from the 8 KiB table (in L1), the divide and the clamp.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    Var xq{"xq"}, xp{"xp"}, yq{"yq"}, yp{"yp"}, yo{"yo"}, yi{"yi"};
    // @layer compute
    a.scale.compute_root();
    a.scale.bound(a.ch, 0, 4);
    // @layer loops
    a.out.split(a.y, yq, yp, 2, TailStrategy::RoundUp)
        .split(a.x, xq, xp, 2, TailStrategy::RoundUp)
        .reorder(xp, xq, yp, yq)
        .split(yq, yo, yi, 16, TailStrategy::GuardWithIf)
        .parallel(yo);
    // @layer vector
    a.out.vectorize(xq, vec, TailStrategy::GuardWithIf).unroll(xp).unroll(yp);
    // @end
    return a.kernel();
}
