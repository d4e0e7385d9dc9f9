// Expert cuda schedule for `angle_fft_antennas`: three small kernels (the cos table, the
// twiddle matrix, the DFT) instead of one per stage and update. Algorithm rewrite: the twiddles
// are expanded once per call into a (bin, antenna) matrix of (cos, sin) pairs (bin-major, so
// neighbouring threads read neighbouring twiddles), and the real and imaginary sums are one
// Tuple stage, so one loop over the antennas feeds both. Blocks of 64 angle bins x 2 range bins
// (the Doppler bins are the grid's third dimension); each thread keeps its (re, im) sums in
// registers across the A antennas (the samples of a cell are a broadcast to its 64 threads) and
// stores the magnitude. Block tails use GuardWithIf.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    using task::Algorithm;
    Algorithm a;
    const TailStrategy guard = TailStrategy::GuardWithIf;
    Var an{"an"}, mo{"mo"}, mi{"mi"}, qo{"qo"}, qi{"qi"}, ro{"ro"}, ri{"ri"}, ao{"ao"}, ai{"ai"}, dO{"dO"}, di{"di"};
    // @layer compute
    Func tw{"tw"}, acc{"acc"}, P{"P_g"};
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
    a.cos_t.gpu_tile(a.m, mo, mi, 64, guard);
    tw.gpu_tile(a.q, an, qo, ao, qi, ai, 64, 2, guard);
    P.gpu_tile(a.q, a.r, a.d, qo, ro, dO, qi, ri, di, 64, 2, 1, guard);
    // @layer memory
    acc.compute_at(P, qi).store_in(MemoryType::Register);
    // @end
    return {{a.x}, {P}};
}
