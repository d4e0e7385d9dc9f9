// Expert cuda schedule for `rnnoise_band_gain_stage`: one kernel per pass, every stage on the
// device: the band tables once; the band sums one thread per (band, frame) over the bins in
// a register; the gain layer + sigmoid and the pitch-filter gains one thread per (band,
// frame); X1, X2 and Y one thread per (bin, frame), threads adjacent along the bins so the
// spectra are read and written coalesced; the gain smoothing one thread per band scanning the
// frames in order. All tails GuardWithIf, so any T and S work.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const TailStrategy guard = TailStrategy::GuardWithIf;
    Var xo{"xo"}, yo{"yo"}, xi{"xi"}, yi{"yi"};
    Func sums[] = {a.ex_sum.in(), a.ep_sum.in(), a.exp_sum.in(), a.new_sum.in()};
    // @layer compute
    for (Func f : {a.band, a.frac, a.w, a.g, a.r, a.X1_re, a.X1_im, a.X2_re, a.X2_im, a.gs}) f.compute_root();
    for (Func f : sums) f.compute_root();
    // @layer loops
    for (Func f : {a.band, a.frac}) f.gpu_tile(a.k, xo, xi, 64, guard);
    a.w.gpu_tile(a.k, a.b, xo, yo, xi, yi, 32, 8, guard);
    for (Func f : sums) f.gpu_tile(f.args()[0], f.args()[1], xo, yo, xi, yi, 32, 4, guard);
    for (Func f : {a.g, a.r}) f.gpu_tile(a.b, a.t, xo, yo, xi, yi, 32, 4, guard);
    for (Func f : {a.X1_re, a.X1_im, a.X2_re, a.X2_im, a.Y_re, a.Y_im}) {
        f.gpu_tile(a.k, a.t, xo, yo, xi, yi, 64, 4, guard);
    }
    a.gs.gpu_tile(a.b, a.t, xo, yo, xi, yi, 32, 4, guard);
    a.gs.update().gpu_tile(a.b, xo, xi, 32, guard);
    a.lastg_out.gpu_tile(a.b, xo, xi, 32, guard);
    // @layer memory
    for (auto [f, s] : {std::pair{a.ex_sum, sums[0]}, std::pair{a.ep_sum, sums[1]}, std::pair{a.exp_sum, sums[2]},
                        std::pair{a.new_sum, sums[3]}}) {
        f.compute_at(s, xi).store_in(MemoryType::Register);
    }
    a.gl.compute_at(a.g, xi).store_in(MemoryType::Register);
    // @layer vector
    // @end
    return a.kernel();
}
