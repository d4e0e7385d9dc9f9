// Expert cpu schedule for `resize_bilinear4x`: an algorithm rewrite, separable (each input row
// interpolated horizontally once, then the output rows blended vertically), with the index and
// weight tables computed once up front (vectorized). Channels in parallel, and rows in parallel
// inside each channel; per channel the horizontal pass over every input row goes into a buffer
// (guarded vectors; its reads are gathers through the column tables), then the output rows in
// guarded vectors (dense loads of two buffer rows). Narrow rows are legal.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    // @layer compute
    // An algorithm rewrite, separable: hx(x, r) = the horizontal interpolation of input row r at
    // output column x, for every input row, then each output row blends two rows of hx, in the
    // reference's order of operations. The per-column and per-row indices and weights are tables.
    Expr W = a.input.dim(0).extent(), H = a.input.dim(1).extent();
    Func hx("hx"), out("out");
    auto cx = [&](Expr v) { return clamp(v, 0, W - 1); };
    auto cy = [&](Expr v) { return clamp(v, 0, H - 1); };
    hx(a.x, a.y, a.c, a.n) = (1.0f - a.lx(a.x)) * a.input(cx(a.x0(a.x)), a.y, a.c, a.n) + a.lx(a.x) * a.input(cx(a.x1(a.x)), a.y, a.c, a.n);
    out(a.x, a.y, a.c, a.n) = (1.0f - a.ly(a.y)) * hx(a.x, cy(a.y0(a.y)), a.c, a.n) + a.ly(a.y) * hx(a.x, cy(a.y1(a.y)), a.c, a.n);
    a.x0.compute_root().vectorize(a.i, vec, TailStrategy::GuardWithIf);
    a.x1.compute_root().vectorize(a.i, vec, TailStrategy::GuardWithIf);
    a.lx.compute_root().vectorize(a.i, vec, TailStrategy::GuardWithIf);
    a.y0.compute_root().vectorize(a.i, vec, TailStrategy::GuardWithIf);
    a.y1.compute_root().vectorize(a.i, vec, TailStrategy::GuardWithIf);
    a.ly.compute_root().vectorize(a.i, vec, TailStrategy::GuardWithIf);
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
