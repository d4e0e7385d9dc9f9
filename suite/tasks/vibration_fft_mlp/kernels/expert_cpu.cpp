// Expert cpu schedule for `vibration_fft_mlp`, one window as the MCU library runs it, but
// vectorized, with one algorithm rewrite: the DFT's twiddle e^{-2 pi i ((kb + 1) n mod L) / L}
// takes only L distinct values, so a 1-D table of L (cos, -sin) pairs indexed by
// (kb + 1) n mod L replaces the reference's [L/2, L] table (L trig evaluations instead of
// L^2 / 2; the angles are computed from the same integers, so the values are identical).
//   per axis the mean and the sum of squares (serial sums), the mean-removed, windowed samples
//   formed once, vectorized;
//   the DFT power: for a vector of frequency bins, the samples as the reduction, the twiddles
//   gathered from the table;
//   band averages, logs, the three small dense layers and the softmax follow.
// Every split is GuardWithIf, so any legal size works, on any vector width.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    const TailStrategy guard = TailStrategy::GuardWithIf;
    Var n = a.n, c = a.c, kb = a.kb, b = a.b, j = a.j, o = a.o, u = a.u;
    // @layer compute
    const Expr L = a.x.dim(0).extent(), C = a.x.dim(1).extent();
    const Expr F = a.w1.dim(0).extent(), B = F / C - 1, S = L / (2 * B);
    const Expr fL = cast<float>(L);
    Func xw{"xw"}, cs{"cs"}, spec{"spec_lut"}, band{"band_lut"}, feats{"feats_lut"};
    Func h1{"h1_lut"}, h2{"h2_lut"}, logits{"logits_lut"}, lmax{"lmax_lut"}, esum{"esum_lut"}, probs{"probs_lut"};
    RDom rn(0, L, "rn2"), rs(0, S, "rs2"), ri(0, F, "ri2");
    RDom r1(0, a.w2.dim(0).extent(), "r12"), r2(0, a.w3.dim(0).extent(), "r22"), rk(0, a.w3.dim(1).extent(), "rk2");
    xw(n, c) = a.xc(n, c) * a.win(n);
    Expr ang = cast<float>(n) * (task::kTwoPi / fL);
    cs(n) = Tuple(cos(ang), cos(ang + task::kHalfPi));  // (cos, -sin) as in the algorithm
    Expr idx = ((kb + 1) * rn) % L;
    spec(kb, c) = Tuple(0.0f, 0.0f);
    spec(kb, c) = Tuple(spec(kb, c)[0] + xw(rn, c) * cs(idx)[0], spec(kb, c)[1] + xw(rn, c) * cs(idx)[1]);
    Expr re = spec(b * S + rs, c)[0], im = spec(b * S + rs, c)[1];
    band(b, c) = 0.0f;
    band(b, c) += (re * re + im * im) / fL;
    Expr lg = log(band(max(j - 1, 0), c) / cast<float>(S) + 1e-6f) * (1.0f / 2.302585092994046f);
    feats(j, c) = select(j == 0, sqrt(a.rms(c) / fL), lg);
    Expr fi = feats(ri % (B + 1), ri / (B + 1));
    h1(o) = 0.0f;
    h1(o) += a.w1(ri, o) * fi;
    Expr a1 = max(h1(r1) + a.b1(r1), 0.0f);
    h2(o) = 0.0f;
    h2(o) += a.w2(r1, o) * a1;
    Expr a2 = max(h2(r2) + a.b2(r2), 0.0f);
    logits(o) = 0.0f;
    logits(o) += a.w3(r2, o) * a2;
    Expr lg3 = logits(rk) + a.b3(rk);
    lmax(u) = -INFINITY;
    lmax(u) = max(lmax(u), lg3);
    esum(u) = 0.0f;
    esum(u) += exp(lg3 - lmax(u));
    probs(o, u) = exp(logits(o) + a.b3(o) - lmax(u)) / esum(u);
    for (Func f : {a.mean, a.rms, xw, cs, spec, band, h1, h2, logits, lmax, esum}) f.compute_root();
    // @layer loops
    spec.update().reorder(kb, rn, c);
    // @layer vector
    xw.vectorize(n, vec, guard);
    cs.vectorize(n, vec, guard);
    spec.vectorize(kb, vec, guard);
    spec.update().vectorize(kb, vec, guard);
    band.vectorize(b, vec, guard);
    // @end
    return {{a.x, a.w1, a.b1, a.w2, a.b2, a.w3, a.b3}, {feats, probs}};
}
