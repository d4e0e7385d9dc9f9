// Expert cuda schedule for `radar_cfar_ca2d`: the two window sums made separable, two
// kernels on the device: one thread per cell sums its Doppler row along range over the 13-
// and 5-wide windows (zero outside the range, the loads shared), then one thread per cell
// sums 13 and 5 of those along Doppler (wrapped) and divides. 36 loads per cell instead of
// 194. 32x8-thread blocks, threads adjacent along range (coalesced rows); tails GuardWithIf, so any map down to 1 x 1 works.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const Expr R = a.power.dim(0).extent(), D = a.power.dim(1).extent();
    Var r = a.r, d = a.d, ro{"ro"}, dout{"dout"}, ri{"ri"}, di{"di"};
    // @layer compute
    Func zr("zero_range"), hs("row_sums"), snr("snr_fast");
    zr(r, d) = select(r >= 0 && r < R, a.power(clamp(r, 0, R - 1), d), 0.0f);
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
    hs.gpu_tile(r, d, ro, dout, ri, di, 32, 8, TailStrategy::GuardWithIf);
    snr.gpu_tile(r, d, ro, dout, ri, di, 32, 8, TailStrategy::GuardWithIf);
    // @end
    return {{a.power}, {snr}};
}
