// Expert cpu schedule for `openisp_malvar_ee`, fused per strip of 32 rows (strips in
// parallel), everything vectorized over columns:
//   per strip the black-level / white-balanced raw rows (with the 2-row, 2-column mirrored
//   margin the 5x5 demosaic reads) are formed once into a strip buffer;
//   one pass computes the demosaic (the four Malvar kernels share their loads; the CFA phase is
//   a per-lane blend), the CCM and the gamma for the 3 planes (unrolled) into a strip buffer,
//   with the gamma written as exp(log(v) / 2.2) so that it vectorizes (Halide 14 turns pow
//   into one powf call per lane), and the luma rows (with the 1-row margin of the edge filter);
//   the output pass applies the edge enhancement to the luma and writes Y', Cb, Cr.
// Every split is GuardWithIf, so any size down to 4x4 works, on any vector width.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    const TailStrategy guard = TailStrategy::GuardWithIf;
    Var x = a.x, y = a.y, c = a.c, yo{"yo"}, yi{"yi"};
    const Expr W = a.raw.dim(0).extent(), H = a.raw.dim(1).extent();
    // @layer compute
    // The gamma, luma and output stages rewritten (same values) around a vectorizable gamma:
    // v^(1/2.2) = exp(log(v) / 2.2), 0 at 0.
    Func gam{"gam_fast"}, luma{"luma_fast"}, out{"out_fast"};
    {
        Expr cc = (a.ccm(0, c) * a.demosaic(x, y, 0) + a.ccm(1, c) * a.demosaic(x, y, 1)) +
                  a.ccm(2, c) * a.demosaic(x, y, 2);
        Expr v = clamp(cc, 0.0f, 1.0f);
        gam(x, y, c) = select(v > 0.0f, exp(log(v) * (1.0f / 2.2f)), 0.0f);
        Expr r = gam(x, y, 0), g = gam(x, y, 1), b = gam(x, y, 2);
        luma(x, y) = 0.299f * r + 0.587f * g + 0.114f * b;
        auto L = [&](Expr xx, Expr yy) { return luma(clamp(xx, 0, W - 1), clamp(yy, 0, H - 1)); };
        Expr nb = ((L(x - 1, y - 1) + L(x, y - 1)) + (L(x + 1, y - 1) + L(x - 1, y))) +
                  ((L(x + 1, y) + L(x - 1, y + 1)) + (L(x, y + 1) + L(x + 1, y + 1)));
        Expr e = (8.0f * luma(x, y) - nb) * 0.125f;
        Expr em = e - clamp(e, -task::kCore, task::kCore);
        Expr y2 = clamp(luma(x, y) + task::kGainEE * em, 0.0f, 1.0f);
        Expr cb = -0.168736f * r - 0.331264f * g + 0.5f * b + 0.5f;
        Expr cr = 0.5f * r - 0.418688f * g - 0.081312f * b + 0.5f;
        out(x, y, c) = select(c == 0, y2, c == 1, cb, cr);
    }
    out.bound(c, 0, 3);
    a.demosaic.bound(c, 0, 3);
    gam.bound(c, 0, 3);
    // @layer loops
    out.reorder(x, c, y).split(y, yo, yi, 32, guard).parallel(yo);
    a.demosaic.reorder(x, c, y);
    gam.reorder(x, c, y);
    // @layer memory
    a.m.compute_at(out, yo);
    a.demosaic.compute_at(out, yo);
    gam.compute_at(out, yo);
    luma.compute_at(out, yo);
    // @layer vector
    out.vectorize(x, vec, guard).unroll(c);
    a.m.vectorize(x, vec, guard);
    a.demosaic.vectorize(x, vec, guard).unroll(c);
    gam.vectorize(x, vec, guard).unroll(c);
    luma.vectorize(x, vec, guard);
    // @end
    return {{a.raw, a.wb, a.ccm}, {out}};
}
