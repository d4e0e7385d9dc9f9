// Expert cpu schedule for `nco_iq_mix`: an algorithm rewrite that takes the trigonometry out
// of the per-sample work. With V the vector width and n = V j + u (u < V), the phase words
// add exactly, (n w) mod 2^24 = ((V j w) mod 2^24 + (u w) mod 2^24) mod 2^24, so
//   exp(i theta(n)) = exp(i theta_lane(u)) * exp(i theta_vec(j))
// with two small tables per channel: the V lane phasors (computed once) and one phasor per
// vector of samples (computed per strip of 64 vectors, in L1). Per sample the oscillator is
// then one complex multiply of a contiguous lane-table vector by a broadcast vector phasor
// (2 cos calls per V samples instead of 2 per sample), and the mix is 2 multiplies; the
// (re, im) pairs are interleaved on store. Strips of all channels run in parallel for large
// calls; vector tails use GuardWithIf (down to one sample). The output buffer is asserted to
// start at sample 0, so that n / V and n % V of a vector are a broadcast and a ramp.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    using task::Algorithm;
    Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    const TailStrategy guard = TailStrategy::GuardWithIf;
    Var u{"u"}, j{"j"}, nb{"nb"}, nbi{"nbi"}, lane{"lane"}, no{"no"}, t{"t"};
    // @layer compute
    Func lane_lo{"lane_lo"}, vec_lo{"vec_lo"}, y{"y_v"};
    Expr th_u = Algorithm::nco_angle(u, a.fcw(a.c));
    lane_lo(u, a.c) = {cos(th_u), cos(th_u - Algorithm::half_pi)};
    Expr th_j = Algorithm::nco_angle(j * vec, a.fcw(a.c));
    vec_lo(j, a.c) = {cos(th_j), cos(th_j - Algorithm::half_pi)};
    Expr ar = lane_lo(a.n % vec, a.c)[0], ai = lane_lo(a.n % vec, a.c)[1];
    Expr br = vec_lo(a.n / vec, a.c)[0], bi = vec_lo(a.n / vec, a.c)[1];
    Expr lo_re = ar * br - ai * bi, lo_im = ar * bi + ai * br;
    Expr xv = a.x(a.n, a.c);
    y(a.k, a.n, a.c) = select(a.k == 0, xv * lo_re, -xv * lo_im);
    y.output_buffer().dim(1).set_min(0);
    // @layer loops
    y.bound(a.k, 0, 2)
        .split(a.n, nb, lane, vec, guard)
        .split(nb, no, nbi, 64, guard)
        .reorder(a.k, lane, nbi, no, a.c)
        .fuse(no, a.c, t);
    // @layer memory
    lane_lo.compute_root();
    vec_lo.compute_at(y, t);
    // @layer vector
    y.vectorize(lane).unroll(a.k);
    // Parallel only for large calls: below the threshold the thread pool's wake-up costs
    // more than the work.
    y.specialize(a.x.dim(0).extent() * a.x.dim(1).extent() >= 16384).parallel(t);
    // @end
    return {{a.x, a.fcw}, {y}};
}
