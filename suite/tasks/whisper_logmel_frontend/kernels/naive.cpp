// Naive schedule for `whisper_logmel_frontend`: every stage at root, serial and scalar on
// CPU; one default GPU tile per stage on GPU backends. Also the task's trusted reference
// (built for cpu).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const std::vector<Func> stages = {a.centered, a.frame, a.cos_tab, a.sin_tab, a.re, a.im, a.power, a.mel, a.logm, a.gmax};
    // @layer compute
    for (Func f : stages) f.compute_root();
    // @layer loops
    if (ekb::is_gpu(target)) {
        Var xo, yo, zo, xi, yi, zi;
        auto tile = [&](Stage s, const std::vector<Var> &v) {
            if (v.size() == 1) {
                s.gpu_tile(v[0], xo, xi, 16, TailStrategy::GuardWithIf);
            } else if (v.size() == 2) {
                s.gpu_tile(v[0], v[1], xo, yo, xi, yi, 16, 16, TailStrategy::GuardWithIf);
            } else {
                s.gpu_tile(v[0], v[1], v[2], xo, yo, zo, xi, yi, zi, 16, 16, 1, TailStrategy::GuardWithIf);
            }
        };
        for (Func f : stages) {
            tile(f, f.args());
            if (f.has_update_definition()) tile(f.update(), f.args());
        }
        tile(a.y, a.y.args());
    }
    // @end
    return a.kernel();
}
