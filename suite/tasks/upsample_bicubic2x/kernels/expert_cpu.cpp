// Expert cpu schedule for `upsample_bicubic2x`: an algorithm rewrite, separable (each input row
// interpolated horizontally once, then the output rows blended vertically), with the index and
// weight tables computed once up front (vectorized). Channels in parallel, and rows in parallel
// inside each channel; per channel the horizontal pass over every input row goes into a buffer
// (guarded vectors; its reads are gathers through the column tables), then the output rows in
// guarded vectors (dense loads of four buffer rows). Narrow rows are legal.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    // @layer compute
    // An algorithm rewrite, separable: hx(x, r) = the 4-tap horizontal interpolation of input
    // row r at output column x, for every input row, then each output row combines 4 rows of hx,
    // in the reference's order of operations. The taps and weights are tables.
    Expr W = a.input.dim(0).extent(), H = a.input.dim(1).extent();
    Func hx("hx"), out("out");
    auto cx = [&](Expr v) { return clamp(v, 0, W - 1); };
    auto cy = [&](Expr v) { return clamp(v, 0, H - 1); };
    auto tap = [&](int k) { return a.wx(k, a.x) * a.input(cx(a.tx(k, a.x)), a.y, a.c, a.n); };
    hx(a.x, a.y, a.c, a.n) = tap(0) + tap(1) + tap(2) + tap(3);
    auto vtap = [&](int k) { return a.wy(k, a.y) * hx(a.x, cy(a.ty(k, a.y)), a.c, a.n); };
    out(a.x, a.y, a.c, a.n) = vtap(0) + vtap(1) + vtap(2) + vtap(3);
    a.tx.compute_root().bound(a.k, 0, 4).unroll(a.k).vectorize(a.i, vec, TailStrategy::GuardWithIf);
    a.wx.compute_root().bound(a.k, 0, 4).unroll(a.k).vectorize(a.i, vec, TailStrategy::GuardWithIf);
    a.ty.compute_root().bound(a.k, 0, 4).unroll(a.k).vectorize(a.i, vec, TailStrategy::GuardWithIf);
    a.wy.compute_root().bound(a.k, 0, 4).unroll(a.k).vectorize(a.i, vec, TailStrategy::GuardWithIf);
    // @layer loops
    // Channels in parallel and, nested, rows in parallel (both in hx and in out), so a single
    // channel (a luminance plane) still uses every core.
    // (Serial under 16K input elements, where waking the thread pool costs more than the work.)
    Expr work = W * H * a.input.dim(2).extent();
    Stage big = out.specialize(work >= 16384);
    big.parallel(a.c).parallel(a.y, 8, TailStrategy::GuardWithIf);
    Stage hbig = hx.specialize(work >= 16384);
    hbig.parallel(a.y, 8, TailStrategy::GuardWithIf);
    // @layer memory
    hx.compute_at(out, a.c);
    // @layer vector
    for (Stage s : {big, Stage(out), hbig, Stage(hx)}) s.vectorize(a.x, vec, TailStrategy::GuardWithIf);
    // @end
    return {{a.input}, {out}};
}
