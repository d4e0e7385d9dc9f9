// Expert cpu schedule for `camera_isp`: the whole ISP fused per strip of 32 rows, strips in
// parallel. Down each strip a new row of the black-level-corrected, clamp-to-edge copy of
// the mosaic is computed just before the first output row that needs it, into a buffer
// Halide folds to a few rows (L1); the demosaic, the gains, the 3x3 color correction and the
// gamma are inlined into one vectorized pass per output row that writes the three planes
// (the plane loop is unrolled, so the muxes disappear and the gains and CCM entries are
// scalar broadcasts; the column parity is a per-lane blend, the row parity a scalar branch).
// One algorithm rewrite: the gamma uses Halide's vectorizable fast_pow (an exp2/log2
// polynomial, its error far below the tolerance) instead of pow, which Halide 14 scalarizes into
// one powf call per lane and which would take most of the time.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    const int rows = 32;
    const float gamma = 1.0f / 2.2f;  // as in algorithm.h
    Var x = a.x, y = a.y, c = a.c, yo{"yo"}, yi{"yi"}, xo{"xo"}, xi{"xi"};
    // @layer compute
    // lin is inlined into clamped, which slides down each strip (below); hor .. cc are
    // inlined into out. The output always has exactly 3 planes.
    Func out{"out_fast"};
    out(x, y, c) = fast_pow(clamp(a.cc(x, y, c), 0.0f, 1.0f), gamma);
    out.bound(c, 0, 3);
    // @layer loops
    out.split(y, yo, yi, rows, TailStrategy::GuardWithIf)
        .split(x, xo, xi, vec, TailStrategy::GuardWithIf)
        .reorder(xi, c, xo, yi, yo)
        .parallel(yo);
    // @layer memory
    a.clamped.store_at(out, yo).compute_at(out, yi);
    // @layer vector
    out.vectorize(xi).unroll(c);
    a.clamped.vectorize(x, vec, TailStrategy::GuardWithIf);
    // @end
    return {{a.raw, a.gains, a.ccm}, {out}};
}
