// Expert cpu schedule for `lens_shading`: the output is walked in 2x2 cells: x and y split by
// 2 (both extents are even) with the CFA phase (xp, yp) unrolled, so the channel of every
// store is a constant and the cell index is the vector lane. Strips of 16 cell rows run in
// parallel; per cell row the 4 gain rows are interpolated once (vectorized over cells, the
// per-column taps and weights tabulated at root), then the two raw rows are multiplied with
// dense vector loads and interleaving stores.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    Var xq{"xq"}, xp{"xp"}, yq{"yq"}, yp{"yp"}, yo{"yo"}, yi{"yi"};
    // @layer compute
    a.gx0.compute_root();
    a.lx.compute_root();
    // gy0 and ly are inlined (once per cell row).
    // @layer loops
    a.out.split(a.y, yq, yp, 2, TailStrategy::RoundUp)
        .split(a.x, xq, xp, 2, TailStrategy::RoundUp)
        .reorder(xp, xq, yp, yq)
        .split(yq, yo, yi, 16, TailStrategy::GuardWithIf)
        .parallel(yo);
    a.gain.reorder(a.i, a.ch, a.j).bound(a.ch, 0, 4);
    // @layer memory
    a.gain.compute_at(a.out, yi);
    // @layer vector
    a.out.vectorize(xq, vec, TailStrategy::GuardWithIf).unroll(xp).unroll(yp);
    a.gain.vectorize(a.i, vec, TailStrategy::GuardWithIf).unroll(a.ch);
    a.gx0.vectorize(a.i, vec, TailStrategy::GuardWithIf);
    a.lx.vectorize(a.i, vec, TailStrategy::GuardWithIf);
    // @end
    return a.kernel();
}
