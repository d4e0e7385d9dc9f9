// Expert cpu schedule for `dft_power`: an algorithm rewrite. Where N = 16 N2 (N >= 64: the
// 128-, 256- and 512-sample frames) the DFT is done in two stages (Cooley-Tukey's four-step
// form), with n = N2 n1 + n2 and k = k1 + 16 k2:
//   y(k1, n2) = sum over n1 of x(N2 n1 + n2) W16^(n1 k1)    (16-point DFTs, real input)
//   z(k1, n2) = y(k1, n2) WN^(n2 k1)                         (twiddles, k1 n2 < N: no mod)
//   X(k1 + 16 k2) = sum over n2 of z(k1, n2) WN2^(n2 k2)     (N2-point DFTs, k2 <= N2 / 2)
// which needs 16 + N2 instead of N / 2 complex multiply-adds per output bin (5x fewer at 512).
// Every stage is vectorized over the 16 values of k1 (exactly one AVX-512 vector), so
// X(k1 + 16 k2) lands in bin order and P is a straight vector square-and-add. Per frame (frames
// in parallel) y keeps 4 n2 columns and X 4 k2 rows of accumulators in registers over its
// reduction, with the small W16, WN and WN2 tables (computed once per call) broadcast or
// loaded as whole vectors. Other N (100, 127) keep the direct DFT: per block of 2 vectors of
// bins the twiddles of all N samples are expanded once (bin-major), then 4 frames keep 8 real
// and then 8 imaginary accumulators in registers over all samples.
// The cos and sin tables are computed here rather than by Halide's cos and sin, which call the
// scalar libm once per entry (~1000 calls per call at N = 512); see ctab below. The mods
// (k n) mod N are done in float, which vectorizes (integer % by a run-time N does not): the
// products are below 2^24 and so exact, and floor of the quotient is exact because a
// non-integer quotient lies at least 1/N from an integer, far more than its rounding error
// (N <= 512 here). The clamps only tell bounds inference the index range.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    const int frames = 4;
    const int N1 = 16;  // first-stage DFT length (the vector width of the FFT path)
    Var ko{"ko"}, ki{"ki"}, fo{"fo"}, fi{"fi"};
    Var k1{"k1"}, k2{"k2"}, n1{"n1"}, n2{"n2"}, kb{"kb"}, kv{"kv"}, n2o{"n2o"}, n2i{"n2i"}, k2o{"k2o"}, k2i{"k2i"};
    // @layer compute
    Expr N = a.x.dim(0).extent();
    Expr N2 = N / N1;
    // (i j) mod m for small non-negative i j, in float (vectorizes; exact, see below).
    auto fmod_int = [](Expr v, Expr m) {
        return v - cast<int>(floor(cast<float>(v) / cast<float>(m))) * m;
    };
    // cos and sin of 2 pi m / N for m in [0, N), vectorized (Halide's float sin and cos call
    // the scalar libm): the quadrant j = round(4 m / N) and the remainder r = 2 pi (m - j N / 4)
    // / N = (4 m - j N) pi / (2 N), |r| <= pi / 4, come from exact integers, then Taylor
    // polynomials to r^9 and r^10 (truncation error below 3e-9).
    Func ctab{"ctab"}, stab{"stab"};
    {
        Expr m = a.m;
        Expr j = cast<int>(floor(cast<float>(8 * m + N) / cast<float>(2 * N)));
        Expr r = cast<float>(4 * m - j * N) * (float(3.14159265358979323846 / 2) / cast<float>(N));
        Expr r2 = r * r;
        Expr sp = r + r * r2 * (-1.0f / 6 + r2 * (1.0f / 120 + r2 * (-1.0f / 5040 + r2 * (1.0f / 362880))));
        Expr cp = 1.0f + r2 * (-0.5f + r2 * (1.0f / 24 + r2 * (-1.0f / 720 + r2 * (1.0f / 40320 + r2 * (-1.0f / 3628800)))));
        Expr q = j % 4;
        ctab(m) = select(q == 0, cp, q == 1, -sp, q == 2, -cp, sp);
        stab(m) = select(q == 0, sp, q == 1, cp, q == 2, -sp, -cp);
    }
    // --- direct DFT (any N) ---
    Func cos_tw{"cos_tw"}, sin_tw{"sin_tw"}, re{"re"}, im{"im"}, Pd{"Pd"};
    Expr idx = clamp(fmod_int(a.k * a.n, N), 0, N - 1);
    cos_tw(a.n, a.k) = ctab(idx);
    sin_tw(a.n, a.k) = stab(idx);
    re(a.k, a.f) = 0.0f;
    re(a.k, a.f) += a.x(a.r, a.f) * cos_tw(a.r, a.k);
    im(a.k, a.f) = 0.0f;
    im(a.k, a.f) -= a.x(a.r, a.f) * sin_tw(a.r, a.k);
    Pd(a.k, a.f) = re(a.k, a.f) * re(a.k, a.f) + im(a.k, a.f) * im(a.k, a.f);
    // --- two-step (four-step) FFT, N = 16 N2: n = N2 n1 + n2, k = k1 + 16 k2 ---
    Func c16{"c16"}, s16{"s16"}, twc{"twc"}, tws{"tws"}, c2{"c2"}, s2{"s2"};
    c16(k1, n1) = ctab(((k1 * n1) % N1) * N2);
    s16(k1, n1) = stab(((k1 * n1) % N1) * N2);
    twc(k1, n2) = ctab(clamp(k1 * n2, 0, N - 1));
    tws(k1, n2) = stab(clamp(k1 * n2, 0, N - 1));
    Expr m2 = clamp(fmod_int(n2 * k2, N2), 0, N2 - 1) * N1;
    c2(n2, k2) = ctab(m2);
    s2(n2, k2) = stab(m2);
    RDom r1(0, N1, "r1"), r2(0, N2, "r2");
    Func yre{"yre"}, yim{"yim"}, zre{"zre"}, zim{"zim"}, xre{"xre"}, xim{"xim"}, Pf{"Pf"};
    yre(k1, n2, a.f) = 0.0f;
    yre(k1, n2, a.f) += a.x(N2 * r1 + n2, a.f) * c16(k1, r1);
    yim(k1, n2, a.f) = 0.0f;
    yim(k1, n2, a.f) -= a.x(N2 * r1 + n2, a.f) * s16(k1, r1);
    zre(k1, n2, a.f) = yre(k1, n2, a.f) * twc(k1, n2) + yim(k1, n2, a.f) * tws(k1, n2);
    zim(k1, n2, a.f) = yim(k1, n2, a.f) * twc(k1, n2) - yre(k1, n2, a.f) * tws(k1, n2);
    xre(k1, k2, a.f) = 0.0f;
    xre(k1, k2, a.f) += zre(k1, r2, a.f) * c2(r2, k2) + zim(k1, r2, a.f) * s2(r2, k2);
    xim(k1, k2, a.f) = 0.0f;
    xim(k1, k2, a.f) += zim(k1, r2, a.f) * c2(r2, k2) - zre(k1, r2, a.f) * s2(r2, k2);
    Pf(a.k, a.f) = xre(a.k % N1, a.k / N1, a.f) * xre(a.k % N1, a.k / N1, a.f) +
                   xim(a.k % N1, a.k / N1, a.f) * xim(a.k % N1, a.k / N1, a.f);
    Expr fft = N % N1 == 0 && N >= 4 * N1;
    Func P{"P"};
    P(a.k, a.f) = select(fft, Pf(a.k, a.f), Pd(a.k, a.f));
    ctab.compute_root();
    stab.compute_root();
    // @layer loops
    P.specialize(fft)
        .split(a.k, kb, kv, N1, TailStrategy::GuardWithIf)
        .parallel(a.f)
        .vectorize(kv);
    cos_tw.reorder(a.k, a.n);
    sin_tw.reorder(a.k, a.n);
    // Frames tail: with F >= 4, ShiftInwards recomputes a few frames of the last group, so
    // the accumulators keep a constant size; fewer frames (a single frame is a real call)
    // take one frame per group.
    Stage direct = P.specialize(P.output_buffer().dim(1).extent() >= frames);
    for (auto [s, group] : {std::pair<Stage, int>{direct, frames}, {Stage(P), 1}}) {
        s.split(a.k, ko, ki, 2 * vec, TailStrategy::GuardWithIf)
            .split(a.f, fo, fi, group, TailStrategy::ShiftInwards)
            .reorder(ki, fi, fo, ko)
            .parallel(ko);
    }
    // @layer memory
    for (Func t : {c16, s16, twc, tws, c2, s2}) t.compute_root();
    for (Func t : {yre, yim, zre, zim, xre, xim}) t.compute_at(P, a.f);
    cos_tw.compute_at(P, ko).reorder_storage(a.k, a.n);
    sin_tw.compute_at(P, ko).reorder_storage(a.k, a.n);
    re.compute_at(P, fo).bound_extent(a.k, 2 * vec);
    im.compute_at(P, fo).bound_extent(a.k, 2 * vec);
    // @layer vector
    for (Func t : {c16, s16, twc, tws}) t.vectorize(k1, N1);
    for (Func t : {zre, zim}) t.vectorize(k1, N1);
    for (Func t : {yre, yim}) {
        t.vectorize(k1, N1);
        t.update().split(n2, n2o, n2i, 4, TailStrategy::GuardWithIf)
            .reorder(k1, n2i, r1, n2o).vectorize(k1, N1).unroll(n2i);
    }
    for (Func t : {xre, xim}) {
        t.vectorize(k1, N1);
        t.update().split(k2, k2o, k2i, 4, TailStrategy::GuardWithIf)
            .reorder(k1, k2i, r2, k2o).vectorize(k1, N1).unroll(k2i);
    }
    ctab.vectorize(a.m, vec, TailStrategy::GuardWithIf);
    stab.vectorize(a.m, vec, TailStrategy::GuardWithIf);
    for (Func t : {c2, s2}) t.vectorize(n2, 8, TailStrategy::GuardWithIf);
    cos_tw.vectorize(a.k, vec);
    sin_tw.vectorize(a.k, vec);
    for (Stage s : {direct, Stage(P)}) s.vectorize(ki, vec, TailStrategy::GuardWithIf).unroll(fi);
    for (Func s : {re, im}) {
        s.vectorize(a.k, vec).unroll(a.k).unroll(a.f);
        s.update().reorder(a.k, a.f, a.r).vectorize(a.k, vec).unroll(a.k).unroll(a.f);
    }
    // @end
    return {{a.x}, {P}};
}
