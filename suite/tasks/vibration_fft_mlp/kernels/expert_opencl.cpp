// Expert opencl schedule for `vibration_fft_mlp`, every stage on the device, with one algorithm
// rewrite (as the cpu expert): the DFT's twiddles e^{-2 pi i ((kb + 1) n mod L) / L} come
// from a 1-D table of the L distinct (cos, -sin) pairs instead of an [L/2, L] table.
//   mean, rms: one thread per axis (sums over the samples in a register);
//   windowed samples and the twiddle table: one thread per sample;
//   DFT power: one thread per (bin, axis), the sums (re, im) in registers, the windowed sample
//   a warp-uniform broadcast, the twiddle a table read;
//   bands and features: one thread per (band, axis); dense layers: one thread per unit;
//   probs: one thread per class, the max and the exp sum over the K logits in registers.
// 16 work-items per work-group along the bins / units; all tails GuardWithIf.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const TailStrategy g = TailStrategy::GuardWithIf;
    Var n = a.n, c = a.c, kb = a.kb, b = a.b, j = a.j, o = a.o, u = a.u;
    Var o0{"o0"}, o1{"o1"}, i0{"i0"}, i1{"i1"};
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
    for (Func f : {a.mean, a.rms, xw, cs, spec, band, feats, h1, h2, logits}) f.compute_root();
    // @layer loops
    for (Func f : {a.mean, a.rms}) {
        f.gpu_tile(c, o0, i0, 4, g);
        f.update().gpu_tile(c, o0, i0, 4, g);
    }
    xw.gpu_tile(n, c, o0, o1, i0, i1, 16, 1, g);
    cs.gpu_tile(n, o0, i0, 16, g);
    spec.gpu_tile(kb, c, o0, o1, i0, i1, 16, 1, g);
    spec.update().gpu_tile(kb, c, o0, o1, i0, i1, 16, 1, g);
    band.gpu_tile(b, c, o0, o1, i0, i1, 16, 1, g);
    band.update().gpu_tile(b, c, o0, o1, i0, i1, 16, 1, g);
    feats.gpu_tile(j, c, o0, o1, i0, i1, 16, 1, g);
    for (Func f : {h1, h2, logits}) {
        f.gpu_tile(o, o0, i0, 16, g);
        f.update().gpu_tile(o, o0, i0, 16, g);
    }
    probs.gpu_tile(o, u, o0, o1, i0, i1, 16, 1, g);
    // @layer memory
    lmax.compute_at(probs, i0);
    esum.compute_at(probs, i0);
    // @end
    return {{a.x, a.w1, a.b1, a.w2, a.b2, a.w3, a.b3}, {feats, probs}};
}
