// Halide reference algorithm for task `angle_fft_antennas`: the angle FFT of FMCW radar, a
// Q = 64-point DFT over the A (<= 64, zero-padded) virtual antennas of every range-Doppler cell:
//   X[d, r, q] = sum_a x[d, r, a] exp(-2 pi i a q / Q)
//              = sum_a (xr cos(phi) + xi sin(phi)) + i (xi cos(phi) - xr sin(phi)),
//   phi = 2 pi ((a q) mod Q) / Q,   P[d, r, q] = |X[d, r, q]|
// The twiddles come from one table cos(2 pi m / Q), m in [0, Q): sin(2 pi m / Q) is
// cos(2 pi ((m + 3Q/4) mod Q) / Q) (so no sin and cos of one angle meet: LLVM would fuse them
// into sincosf, which the object check does not allow).
// Halide dimension 0 is the last PyTorch dimension: x(k, a, r, d) is x[d, r, a, k] (k = 0
// real, 1 imaginary); P(q, r, d) is P[d, r, q].
#pragma once
#include <ekb/kernel.h>

namespace task {

struct Algorithm {
    static constexpr int bins = 64;  // Q = get_init_inputs() in reference.py

    Halide::ImageParam x{Halide::Float(32), 4, "x"};  // [D, R, A, 2]
    Halide::Var m{"m"}, q{"q"}, r{"r"}, d{"d"};  // m: twiddle index, q: angle bin, r: range, d: Doppler
    Halide::RDom ra;                              // over the antennas
    Halide::Func cos_t{"cos_t"};                  // cos(2 pi m / Q)
    Halide::Func re{"re"}, im{"im"};              // the DFT: reductions over ra
    Halide::Func P{"P"};                          // the output: |X|

    static Halide::Expr cos_index(Halide::Expr a, Halide::Expr q) { return (a * q) % bins; }
    static Halide::Expr sin_index(Halide::Expr a, Halide::Expr q) { return (a * q + 3 * bins / 4) % bins; }

    Algorithm() {
        using namespace Halide;
        ra = RDom(0, x.dim(1).extent(), "ra");
        cos_t(m) = cos(cast<float>(m) * float(2.0 * 3.14159265358979323846 / bins));
        Expr xr = x(0, ra, r, d), xi = x(1, ra, r, d);
        Expr c = cos_t(cos_index(ra, q)), s = cos_t(sin_index(ra, q));
        re(q, r, d) = 0.0f;
        re(q, r, d) += xr * c + xi * s;
        im(q, r, d) = 0.0f;
        im(q, r, d) += xi * c - xr * s;
        P(q, r, d) = sqrt(re(q, r, d) * re(q, r, d) + im(q, r, d) * im(q, r, d));
    }

    ekb::Kernel kernel() { return {{x}, {P}}; }
};

}  // namespace task
