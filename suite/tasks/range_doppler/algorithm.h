// Halide reference algorithm for task `range_doppler`: the range-Doppler map of FMCW radar
// frames, per antenna a:
//   range:   R[c, k] = sum_n x[a, c, n] exp(-2 pi i k n / N)          k = 0 .. N/2
//   Doppler: Y[d, k] = sum_c R[c, k] exp(-2 pi i d c / C)             d = 0 .. C-1
//   map[a, d, k] = |Y[d, k]|
// The twiddle angles are 2 pi ((k n) mod N) / N and 2 pi ((d c) mod C) / C, so they stay in
// [0, 2 pi); the distinct cos and sin values are tabulated once per transform length.
// Halide dimension 0 is the last PyTorch dimension: x(n, c, a) is x[a, c, n],
// map(k, d, a) is map[a, d, k].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    Halide::ImageParam x{Halide::Float(32), 3, "x"};  // [A, C, N]
    // n: sample (N), k: range bin (N/2+1), c: chirp (C), d: Doppler bin (C), a: antenna (A),
    // m: a twiddle index.
    Halide::Var n{"n"}, k{"k"}, c{"c"}, d{"d"}, a{"a"}, m{"m"};
    Halide::RDom rn;  // over the samples of a chirp
    Halide::RDom rc;  // over the chirps
    Halide::Func cos_n{"cos_n"}, sin_n{"sin_n"};  // cos, sin of 2 pi m / N for m in [0, N)
    Halide::Func cos_c{"cos_c"}, sin_c{"sin_c"};  // cos, sin of 2 pi m / C for m in [0, C)
    Halide::Func range_re{"range_re"}, range_im{"range_im"};  // the range DFT: over rn
    Halide::Func dop_re{"dop_re"}, dop_im{"dop_im"};          // the Doppler DFT: over rc
    Halide::Func map{"map"};                                  // the output: |Y|

    Algorithm() {
        using namespace Halide;
        Expr N = x.dim(0).extent(), C = x.dim(1).extent();
        const float two_pi = float(2.0 * 3.14159265358979323846);
        rn = RDom(0, N, "rn");
        rc = RDom(0, C, "rc");
        cos_n(m) = cos(cast<float>(m) * (two_pi / cast<float>(N)));
        sin_n(m) = sin(cast<float>(m) * (two_pi / cast<float>(N)));
        cos_c(m) = cos(cast<float>(m) * (two_pi / cast<float>(C)));
        sin_c(m) = sin(cast<float>(m) * (two_pi / cast<float>(C)));
        range_re(k, c, a) = 0.0f;
        range_re(k, c, a) += x(rn, c, a) * cos_n((k * rn) % N);
        range_im(k, c, a) = 0.0f;
        range_im(k, c, a) -= x(rn, c, a) * sin_n((k * rn) % N);
        // (re + i im)(cos - i sin) = (re cos + im sin) + i (im cos - re sin)
        dop_re(k, d, a) = 0.0f;
        dop_re(k, d, a) +=
            range_re(k, rc, a) * cos_c((d * rc) % C) + range_im(k, rc, a) * sin_c((d * rc) % C);
        dop_im(k, d, a) = 0.0f;
        dop_im(k, d, a) +=
            range_im(k, rc, a) * cos_c((d * rc) % C) - range_re(k, rc, a) * sin_c((d * rc) % C);
        map(k, d, a) =
            sqrt(dop_re(k, d, a) * dop_re(k, d, a) + dop_im(k, d, a) * dop_im(k, d, a));
    }

    ekb::Kernel kernel() { return {{x}, {map}}; }
};

}  // namespace task
