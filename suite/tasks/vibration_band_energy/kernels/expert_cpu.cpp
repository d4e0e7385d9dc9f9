// Expert cpu schedule for `vibration_band_energy`: an algorithm rewrite that never stores the
// filtered signals. The recurrence and the energy sum are one Tuple state per (band, channel),
// (y[n-1], y[n-2], sum of squares), updated sample by sample: the L x B band outputs of the
// reference (one stored signal per band, read back by the energy reduction) disappear.
// The recurrence is serial in time, so it is vectorized across the bands, 8 bands per vector
// (filter banks come in octaves of 8 or multiples of 4; the band range is padded up to a
// multiple of 8 with copies of the last band's coefficients, so no band falls into a scalar
// tail loop), and across channels by interleaving: the sample loop advances groups of up to 4
// channels per step, whose independent recurrence chains hide each other's latency. Per step
// and channel: a broadcast sample and its 2-samples-old neighbour, four multiply-adds on the
// state, one for the energy. The coefficients are computed once per call (vectorized).
// Channel groups run in parallel for large calls. The time order of the sums is the
// reference's.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    using task::Algorithm;
    Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    const int lanes = 8;
    const TailStrategy guard = TailStrategy::GuardWithIf;
    Var co{"co"}, ci{"ci"};
    // @layer compute
    Expr L = a.x.dim(0).extent(), B = a.f0.dim(0).extent();
    Func coef{"coef_p"}, state{"state"}, E{"E_v"};
    coef(a.b) = Algorithm::coefficients(a.f0(min(a.b, B - 1)));  // padded bands copy the last
    Expr b0 = coef(a.b)[0], b2 = coef(a.b)[1], a1 = coef(a.b)[2], a2 = coef(a.b)[3];
    state(a.b, a.c) = {0.0f, 0.0f, 0.0f};
    Expr y1 = state(a.b, a.c)[0], y2 = state(a.b, a.c)[1], acc = state(a.b, a.c)[2];
    Expr yn = b0 * a.xz(a.r, a.c) + b2 * a.xz(a.r - 2, a.c) - a1 * y1 - a2 * y2;
    state(a.b, a.c) = {yn, y1, acc + yn * yn};
    E(a.b, a.c) = state(a.b, a.c)[2] / cast<float>(L);
    // @layer loops
    state.update().split(a.c, co, ci, 4, guard).reorder(a.b, ci, a.r, co);
    // @layer memory
    coef.compute_root().align_bounds(a.b, lanes);
    state.compute_root().align_bounds(a.b, lanes);
    // @layer vector
    coef.vectorize(a.b, lanes, TailStrategy::RoundUp);
    state.vectorize(a.b, lanes, TailStrategy::RoundUp);
    state.update().vectorize(a.b, lanes, TailStrategy::RoundUp);
    E.vectorize(a.b, vec, guard);
    // Parallel only for large calls: below the threshold the thread pool's wake-up costs
    // more than the work.
    state.update().specialize(L * a.x.dim(1).extent() * B >= 65536).parallel(co);
    // @end
    return {{a.x, a.f0}, {E}};
}
