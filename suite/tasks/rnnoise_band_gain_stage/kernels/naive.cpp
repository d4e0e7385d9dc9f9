// Naive schedule for `rnnoise_band_gain_stage`: every stage at root, serial and scalar on
// CPU; one default GPU tile per stage (and per update) on GPU backends. Also the task's
// trusted reference (built for cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    std::vector<Func> stages = {a.band,  a.frac,  a.w,       a.gl,      a.g,     a.ex_sum, a.ep_sum, a.exp_sum,
                                a.Ex,    a.Ep,    a.Exp,     a.r,       a.X1_re, a.X1_im,  a.new_sum, a.norm,
                                a.X2_re, a.X2_im, a.gs};
    // @layer compute
    for (Func f : stages) f.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var xo, yo, xi, yi;
        auto tile = [&](Stage s, const std::vector<Var> &v) {
            if (v.size() == 1) {
                s.gpu_tile(v[0], xo, xi, 16, TailStrategy::GuardWithIf);
            } else {
                s.gpu_tile(v[0], v[1], xo, yo, xi, yi, 16, 16, TailStrategy::GuardWithIf);
            }
        };
        for (Func f : {a.Y_re, a.Y_im, a.lastg_out}) stages.push_back(f);
        for (Func f : stages) {
            tile(f, f.args());
            for (int u = 0; u < f.num_update_definitions(); u++) {
                if (f.name() == a.gs.name()) {
                    // the scan over frames: one thread per band, frames in order
                    f.update(u).gpu_tile(a.b, xo, xi, 16, TailStrategy::GuardWithIf);
                } else {
                    tile(f.update(u), f.args());
                }
            }
        }
    }
    // @end
    return a.kernel();
}
