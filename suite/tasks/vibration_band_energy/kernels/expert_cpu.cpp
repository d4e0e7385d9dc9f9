// Expert cpu schedule for `vibration_band_energy`: an algorithm rewrite that never stores the
// filtered signals. The recurrence and the energy sum are one Tuple state per (band, channel),
// (y[n-1], y[n-2], sum of squares), updated sample by sample: the L x B band outputs of the
// reference (one stored signal per band, read back by the energy reduction) become registers.
// The recurrence is serial in time, so it is vectorized across the bands: per channel, one
// vector of bands (8 or 16) advances by one sample per step (a broadcast sample and its
// 2-samples-old neighbour, four multiply-adds on the state, one for the energy), the
// coefficients computed once per call (vectorized). Channels run in parallel for large calls;
// band tails use GuardWithIf (a single band works). The time order of the sums is the
// reference's.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    const TailStrategy guard = TailStrategy::GuardWithIf;
    // @layer compute
    Expr L = a.x.dim(0).extent();
    Func state{"state"}, E{"E_v"};
    Expr b0 = a.coef(a.b)[0], b2 = a.coef(a.b)[1], a1 = a.coef(a.b)[2], a2 = a.coef(a.b)[3];
    state(a.b, a.c) = {0.0f, 0.0f, 0.0f};
    Expr y1 = state(a.b, a.c)[0], y2 = state(a.b, a.c)[1], acc = state(a.b, a.c)[2];
    Expr yn = b0 * a.xz(a.r, a.c) + b2 * a.xz(a.r - 2, a.c) - a1 * y1 - a2 * y2;
    state(a.b, a.c) = {yn, y1, acc + yn * yn};
    E(a.b, a.c) = state(a.b, a.c)[2] / cast<float>(L);
    a.coef.compute_root();
    // @layer memory
    state.compute_at(E, a.c);
    // @layer vector
    a.coef.vectorize(a.b, vec, guard);
    state.vectorize(a.b, vec, guard);
    state.update().reorder(a.b, a.r, a.c).vectorize(a.b, vec, guard);
    E.vectorize(a.b, vec, guard);
    // Parallel only for large calls: below the threshold the thread pool's wake-up costs
    // more than the work.
    E.specialize(a.x.dim(0).extent() * a.x.dim(1).extent() * a.f0.dim(0).extent() >= 32768).parallel(a.c);
    // @end
    return {{a.x, a.f0}, {E}};
}
