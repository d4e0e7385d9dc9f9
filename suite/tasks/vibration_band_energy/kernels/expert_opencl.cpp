// Expert opencl schedule for `vibration_band_energy`: two kernels (the naive one has nine)
// and an algorithm rewrite that never stores the filtered signals: the recurrence and the
// energy sum are one Tuple state per (band, channel), (y[n-1], y[n-2], sum of squares),
// updated sample by sample. One work-item per (band, channel), work-groups of 16 bands x 4
// channels; each keeps its state in private registers across all L samples (the work-items
// of a channel read the same sample: a broadcast), the coefficients computed once per call by
// a first small kernel. Work-group tails use GuardWithIf. The time order of the sums is the
// reference's.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const TailStrategy guard = TailStrategy::GuardWithIf;
    Var bo{"bo"}, co{"co"}, bi{"bi"}, ci{"ci"};
    // @layer compute
    Expr L = a.x.dim(0).extent();
    Func state{"state"}, E{"E_g"};
    Expr b0 = a.coef(a.b)[0], b2 = a.coef(a.b)[1], a1 = a.coef(a.b)[2], a2 = a.coef(a.b)[3];
    state(a.b, a.c) = {0.0f, 0.0f, 0.0f};
    Expr y1 = state(a.b, a.c)[0], y2 = state(a.b, a.c)[1], acc = state(a.b, a.c)[2];
    Expr yn = b0 * a.xz(a.r, a.c) + b2 * a.xz(a.r - 2, a.c) - a1 * y1 - a2 * y2;
    state(a.b, a.c) = {yn, y1, acc + yn * yn};
    E(a.b, a.c) = state(a.b, a.c)[2] / cast<float>(L);
    a.coef.compute_root();
    // @layer loops
    a.coef.gpu_tile(a.b, bo, bi, 16, guard);
    E.gpu_tile(a.b, a.c, bo, co, bi, ci, 16, 4, guard);
    // @layer memory
    state.compute_at(E, bi).store_in(MemoryType::Register);
    // @end
    return {{a.x, a.f0}, {E}};
}
