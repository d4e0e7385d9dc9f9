// Expert cpu schedule for `angle_fft_antennas`: one pass over the cells, vectorized over the
// angle bins. Algorithm rewrite: the twiddles are expanded once per call into a (bin, antenna)
// matrix of (cos, sin) pairs (64 x A, bin-major, so a vector of bins loads contiguously), and
// the real and imaginary sums are one Tuple stage, so one loop over the antennas feeds both.
// Per range-Doppler cell and half of the 64 bins, the (re, im) accumulators of 32 bins stay in
// registers across the A antennas (per antenna: two broadcast samples, two twiddle vector
// loads, four multiply-adds per vector of bins), and the magnitude is fused into the store.
// Groups of 8 range bins of all Doppler bins run in parallel for large calls; range tails use
// GuardWithIf.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    using task::Algorithm;
    Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    const int Q = Algorithm::bins;
    const int half = Q / 2;
    Var an{"an"}, qh{"qh"}, qv{"qv"}, qo{"qo"}, qi{"qi"}, ro{"ro"}, ri{"ri"}, t{"t"};
    // @layer compute
    Func tw{"tw"}, acc{"acc"}, P{"P_v"};
    tw(a.q, an) = {a.cos_t(Algorithm::cos_index(an, a.q)), a.cos_t(Algorithm::sin_index(an, a.q))};
    Expr xr = a.x(0, a.ra, a.r, a.d), xi = a.x(1, a.ra, a.r, a.d);
    Expr c = tw(a.q, a.ra)[0], s = tw(a.q, a.ra)[1];
    acc(a.q, a.r, a.d) = {0.0f, 0.0f};
    acc(a.q, a.r, a.d) = {acc(a.q, a.r, a.d)[0] + xr * c + xi * s, acc(a.q, a.r, a.d)[1] + xi * c - xr * s};
    Expr sr = acc(a.q, a.r, a.d)[0], si = acc(a.q, a.r, a.d)[1];
    P(a.q, a.r, a.d) = sqrt(sr * sr + si * si);
    a.cos_t.compute_root();
    tw.compute_root();
    // @layer loops
    P.bound(a.q, 0, Q)
        .split(a.q, qh, qv, half)
        .split(a.r, ro, ri, 8, TailStrategy::GuardWithIf)
        .reorder(qv, qh, ri, ro, a.d)
        .fuse(ro, a.d, t);
    // @layer memory
    acc.compute_at(P, qh);
    // @layer vector
    tw.vectorize(a.q, vec);
    P.vectorize(qv, vec);
    acc.vectorize(a.q, vec);
    acc.update().split(a.q, qo, qi, vec).reorder(qi, qo, a.ra, a.r, a.d).vectorize(qi).unroll(qo);
    // Parallel only for large calls: below the threshold the thread pool's wake-up costs
    // more than the work.
    P.specialize(a.x.dim(1).extent() * a.x.dim(2).extent() * a.x.dim(3).extent() >= 1024).parallel(t);
    // @end
    return {{a.x}, {P}};
}
