// Expert cpu schedule for `fmcw_radar_chain`, as the DSP runs the frame, vectorized over
// range bins (k) everywhere:
//   tables: the Hann windows and the three twiddle tables are computed once (vectorized);
//   range:  a complex matrix product [A C, N] x [N, N] per antenna, 4 chirps per register
//           tile (re and im of 4 x 1 vector of bins accumulate in registers over the samples),
//           tiles in parallel over antennas and chirp groups;
//   Doppler: the same over the chirps, 4 Doppler bins per tile, rows of rng read with the
//           window folded in;
//   det + snr: per Doppler row the antenna sum, then the 16-tap cyclic CFAR average;
//   angle:  per azimuth bin (in parallel) and Doppler row, the 64-point zero-padded DFT over
//           the A antennas for a vector of range bins, squared and accumulated into az.
// Every split is GuardWithIf, so any legal size (down to 1 antenna, 2 chirps, 2 samples)
// works, on any vector width.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    const TailStrategy guard = TailStrategy::GuardWithIf;
    Var k = a.k, n = a.n, c = a.c, d = a.d, an = a.a, q = a.q;
    Var ko{"ko"}, ki{"ki"}, co{"co"}, ci{"ci"}, dout{"do_"}, di{"di"};
    // @layer compute
    for (Func f : {a.win_n, a.win_c, a.tw_n, a.tw_c, a.tw_q, a.rng, a.dop, a.det}) f.compute_root();
    // @layer loops
    for (Func f : {a.tw_n, a.tw_c, a.tw_q}) f.parallel(n);
    // range DFT: (k vector) x (4 chirps) register tiles.
    a.rng.split(k, ko, ki, vec, guard).split(c, co, ci, 4, guard).reorder(ki, ci, ko, co, an).parallel(an);
    a.rng.update().split(k, ko, ki, vec, guard).split(c, co, ci, 4, guard)
        .reorder(ki, ci, a.rn, ko, co, an).parallel(an).parallel(co);
    a.dop.split(k, ko, ki, vec, guard).split(d, dout, di, 4, guard).reorder(ki, di, ko, dout, an).parallel(an);
    a.dop.update().split(k, ko, ki, vec, guard).split(d, dout, di, 4, guard)
        .reorder(ki, di, a.rc, ko, dout, an).parallel(an).parallel(dout);
    a.det.parallel(d);
    a.det.update().reorder(k, a.ra, d).parallel(d);
    a.snr.parallel(d);
    a.az.parallel(q);
    a.az.update().reorder(k, a.rd, q).parallel(q);
    // @layer memory
    a.ang.compute_at(a.az, a.rd);
    // @layer vector
    for (Func f : {a.win_n, a.win_c}) f.vectorize(f.args()[0], vec, guard);
    for (Func f : {a.tw_n, a.tw_c, a.tw_q}) f.vectorize(k, vec, guard);
    a.rng.vectorize(ki).unroll(ci);
    a.rng.update().vectorize(ki).unroll(ci);
    a.dop.vectorize(ki).unroll(di);
    a.dop.update().vectorize(ki).unroll(di);
    a.det.vectorize(k, vec, guard);
    a.det.update().vectorize(k, vec, guard);
    a.snr.vectorize(k, vec, guard);
    a.az.vectorize(k, vec, guard);
    a.az.update().vectorize(k, vec, guard);
    a.ang.vectorize(k, vec, guard);
    a.ang.update().vectorize(k, vec, guard);
    // @end
    return a.kernel();
}
