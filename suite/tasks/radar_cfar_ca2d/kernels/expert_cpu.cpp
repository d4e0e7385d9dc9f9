// Expert cpu schedule for `radar_cfar_ca2d`: the two window sums made separable, as CFAR
// engines run them. Pass 1 sums each Doppler row along range over the 13- and 5-wide windows
// (zero outside the range; the two sums share the loads), rows in parallel, vectorized over
// range; pass 2 sums 13 and 5 of those row sums along Doppler (the wrapped row indices are
// computed once per output row, not per cell) and divides, rows in parallel, vectorized over
// range. 36 loads per cell instead of 194. Vectors are guarded (GuardWithIf), so any map down
// to 1 x 1 works.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    const Expr R = a.power.dim(0).extent(), D = a.power.dim(1).extent();
    Var r = a.r, d = a.d;
    // @layer compute
    Func zr("zero_range"), hs("row_sums"), snr("snr_fast");
    zr(r, d) = select(r >= 0 && r < R, likely(a.power(clamp(r, 0, R - 1), d)), 0.0f);
    {
        Expr s5 = 0.0f, s13 = 0.0f;
        for (int k = -task::kOuter; k <= task::kOuter; k++) {
            if (k >= -task::kGuard && k <= task::kGuard) {
                s5 += zr(r + k, d);
            } else {
                s13 += zr(r + k, d);
            }
        }
        hs(r, d) = {s13 + s5, s5};
    }
    {
        Expr o = 0.0f, i = 0.0f;
        for (int k = -task::kOuter; k <= task::kOuter; k++) {
            Expr row = ((d + k) % D + D) % D;
            o += hs(r, row)[0];
            if (k >= -task::kGuard && k <= task::kGuard) i += hs(r, row)[1];
        }
        snr(r, d) = a.power(r, d) / ((o - i) / a.count(r));
    }
    hs.compute_root();
    // @layer loops
    hs.parallel(d);
    snr.parallel(d);
    // @layer vector
    hs.vectorize(r, vec, TailStrategy::GuardWithIf);
    snr.vectorize(r, vec, TailStrategy::GuardWithIf);
    // @end
    return {{a.power}, {snr}};
}
