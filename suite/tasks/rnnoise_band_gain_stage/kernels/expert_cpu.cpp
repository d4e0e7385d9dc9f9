// Expert cpu schedule for `rnnoise_band_gain_stage`: the band tables (band index, fraction,
// and the 481 x 22 band weights, stored band-innermost) computed once, then one pass per
// step of rnnoise's band stage, each parallel over the frames:
//   the three band sums of X and P (|X|^2, |P|^2, Re X conj P) per frame, vectorized over
//   the 22 bands (one broadcast bin value against a vector of band weights per bin);
//   the dense gain layer + sigmoid and the pitch-filter gains r per frame;
//   X1 = X + interp(r) P, vectorized over the bins; the band energy of X1 as above;
//   X2 = X1 interp(norm); the gain smoothing, a scan over the frames vectorized over the
//   bands; Y = X2 interp(gs), vectorized over the bins.
// Every split is guarded (GuardWithIf), so any T and S (down to 1) work.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    const TailStrategy guard = TailStrategy::GuardWithIf;
    // @layer compute
    for (Func f : {a.band, a.frac, a.w, a.ex_sum, a.ep_sum, a.exp_sum, a.g, a.r, a.X1_re, a.X1_im, a.new_sum,
                   a.X2_re, a.X2_im, a.gs}) {
        f.compute_root();
    }
    // @layer loops
    for (Func f : {a.ex_sum, a.ep_sum, a.exp_sum, a.new_sum}) {
        f.parallel(a.t).vectorize(a.b, vec, guard);
        f.update().reorder(a.b, a.rk.x, a.t).parallel(a.t).vectorize(a.b, vec, guard);
    }
    for (Func f : {a.g, a.r}) f.parallel(a.t).vectorize(a.b, vec, guard);
    for (Func f : {a.X1_re, a.X1_im, a.X2_re, a.X2_im, a.Y_re, a.Y_im}) {
        f.parallel(a.t).vectorize(a.k, vec, guard);
    }
    a.gs.vectorize(a.b, vec, guard);
    a.gs.update().vectorize(a.b, vec, guard);
    // @layer memory
    a.w.reorder_storage(a.b, a.k).reorder(a.b, a.k);
    a.gl.compute_at(a.g, a.t);
    // @layer vector
    a.band.vectorize(a.k, vec, guard);
    a.frac.vectorize(a.k, vec, guard);
    a.w.vectorize(a.b, vec, guard);
    a.gl.vectorize(a.b, vec, guard);
    a.gl.update().reorder(a.b, a.rs.x).vectorize(a.b, vec, guard);
    // @end
    return a.kernel();
}
