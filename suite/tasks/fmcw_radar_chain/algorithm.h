// Halide reference algorithm for task `fmcw_radar_chain`: TI mmWave out-of-box-demo style
// FMCW radar chain on complex ADC data (A virtual antennas, C chirps, N samples per chirp).
//   x        = adc * 2^-15 (I, Q)
//   rng      = range DFT over the samples, Hann-windowed:   rng(k, c, a) = sum_n w_N(n) x(n) tw_N(k n)
//   dop      = Doppler DFT over the chirps, Hann-windowed:  dop(k, d, a) = sum_c w_C(c) rng(k, c, a) tw_C(d c)
//   det(k, d) = sum_a |dop(k, d, a)|^2                       (non-coherent integration)
//   snr(k, d) = det / (mean of det((k +- (G+1 .. G+T)) mod N, d))   (cyclic CA-CFAR along range)
//   ang(k, d, q) = sum_a dop(k, d, a) tw_Q(q a)             (angle DFT, zero-padded to Q = 64)
//   az(k, q)  = sum_d |ang(k, d, q)|^2                       (range-azimuth heatmap)
// tw_M(j) = exp(-2 pi i (j mod M) / M), w_M(n) = 0.5 - 0.5 cos(2 pi n / (M - 1)); -sin(t) is
// written cos(t + pi/2): LLVM would fuse a sin and a cos of one angle into sincosf, which the
// object check does not allow.
// Halide dimension 0 is the last PyTorch dimension: adc(iq, n, c, a) is adc[a, c, n, iq],
// det(k, d) is det[d, k], az(k, q) is az[q, k].
#pragma once
#include <ekb/kernel.h>

namespace task {

constexpr int kGuard = 4, kTrain = 8, kAngleBins = 64;  // = get_init_inputs() in reference.py
constexpr float kTwoPi = 6.283185307179586f, kHalfPi = 1.5707963267948966f;

struct Algorithm {
    Halide::ImageParam adc{Halide::Int(16), 4, "adc"};  // [A, C, N, 2]
    Halide::Var k{"k"}, n{"n"}, c{"c"}, d{"d"}, a{"a"}, q{"q"};
    Halide::RDom rn, rc, ra, rd;  // samples, chirps, antennas (det and ang), Doppler bins
    Halide::Func win_n{"win_n"}, win_c{"win_c"};    // Hann windows over samples and chirps
    Halide::Func tw_n{"tw_n"}, tw_c{"tw_c"}, tw_q{"tw_q"};  // (j, i) -> (cos, -sin) of 2 pi (j i mod M) / M
    Halide::Func rng{"rng"};    // (k, c, a) -> (re, im)
    Halide::Func dop{"dop"};    // (k, d, a) -> (re, im)
    Halide::Func det{"det"};    // (k, d)
    Halide::Func snr{"snr"};    // (k, d)
    Halide::Func ang{"ang"};    // (k, d, q) -> (re, im)
    Halide::Func az{"az"};      // (k, q)

    Algorithm() {
        using namespace Halide;
        const Expr N = adc.dim(1).extent(), C = adc.dim(2).extent(), A = adc.dim(3).extent();
        rn = RDom(0, N, "rn");
        rc = RDom(0, C, "rc");
        ra = RDom(0, A, "ra");
        rd = RDom(0, C, "rd");
        win_n(n) = 0.5f - 0.5f * cos(cast<float>(n) * (kTwoPi / cast<float>(N - 1)));
        win_c(c) = 0.5f - 0.5f * cos(cast<float>(c) * (kTwoPi / cast<float>(C - 1)));
        auto twiddle = [&](Func f, Expr M) {
            Expr t = cast<float>((k * n) % M) * (kTwoPi / cast<float>(M));
            f(k, n) = Tuple(cos(t), cos(t + kHalfPi));  // -sin(t), kept apart from cos(t) (see above)
        };
        twiddle(tw_n, N);
        twiddle(tw_c, C);
        twiddle(tw_q, kAngleBins);

        Expr xr = cast<float>(adc(0, rn, c, a)) * (1.0f / 32768.0f) * win_n(rn);
        Expr xi = cast<float>(adc(1, rn, c, a)) * (1.0f / 32768.0f) * win_n(rn);
        Expr cr = tw_n(k, rn)[0], ci = tw_n(k, rn)[1];
        rng(k, c, a) = Tuple(0.0f, 0.0f);
        rng(k, c, a) = Tuple(rng(k, c, a)[0] + (xr * cr - xi * ci), rng(k, c, a)[1] + (xr * ci + xi * cr));

        Expr rr = rng(k, rc, a)[0] * win_c(rc), ri = rng(k, rc, a)[1] * win_c(rc);
        Expr dr = tw_c(d, rc)[0], di = tw_c(d, rc)[1];
        dop(k, d, a) = Tuple(0.0f, 0.0f);
        dop(k, d, a) = Tuple(dop(k, d, a)[0] + (dr * rr - di * ri), dop(k, d, a)[1] + (dr * ri + di * rr));

        det(k, d) = 0.0f;
        det(k, d) += dop(k, d, ra)[0] * dop(k, d, ra)[0] + dop(k, d, ra)[1] * dop(k, d, ra)[1];

        Expr s = 0.0f;
        for (int o = kGuard + 1; o <= kGuard + kTrain; o++) s = s + det((k + o) % N, d);
        for (int o = kGuard + 1; o <= kGuard + kTrain; o++) s = s + det((k - o) % N, d);
        snr(k, d) = det(k, d) / (s * (1.0f / (2 * kTrain)));

        Expr pr = dop(k, d, ra)[0], pi = dop(k, d, ra)[1];
        Expr qr = tw_q(q, ra)[0], qi = tw_q(q, ra)[1];
        ang(k, d, q) = Tuple(0.0f, 0.0f);
        ang(k, d, q) = Tuple(ang(k, d, q)[0] + (qr * pr - qi * pi), ang(k, d, q)[1] + (qr * pi + qi * pr));

        az(k, q) = 0.0f;
        az(k, q) += ang(k, rd, q)[0] * ang(k, rd, q)[0] + ang(k, rd, q)[1] * ang(k, rd, q)[1];
    }

    ekb::Kernel kernel() { return {{adc}, {det, snr, az}}; }
};

}  // namespace task
