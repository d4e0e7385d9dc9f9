// Expert cpu schedule for `squeezenet_stem_fire`: staged as a runtime without in-place
// concat runs it, every stage parallel over rows and register-tiled:
//   pooled: the stem conv and the ceil-mode max pool fused per strip of pooled rows (strips
//     in parallel): the strip's conv rows r are computed once (one row of overlap with the
//     next strip), in register tiles of 1 vector of columns x 8 channels across the 3x3xCI taps
//     (stride-2 reads: dense loads and shuffles), bias and ReLU fused; the pool reads the
//     rows with clamped coordinates, vectorized over columns;
//   per Fire module: s (squeeze 1x1 + ReLU), then s copied once into a zero-padded buffer,
//     e1 and e3 (expand 1x1 / 3x3 + ReLU), all in tiles of 1 vector x 8 channels accumulated
//     in registers (9 taps unrolled for the 3x3); Fire2's concat is written once (f2), Fire3's
//     is the output.
// Column tiles are one natural vector with guarded (GuardWithIf) tails; channel tails are
// guarded too.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    const int rows = 4;   // pooled rows per strip of the stem phase
    const int chans = 8;  // channels per register tile
    const TailStrategy guard = TailStrategy::GuardWithIf;
    const Expr W = a.x.dim(0).extent();
    const Expr Wp = ((W - 1) / 2 - 2) / 2 + 1;  // Wp >= v implies Wc >= v
    Var ro{"ro"}, ri{"ri"}, xo{"xo"}, xi{"xi"}, co{"co"}, ci{"ci"};
    struct Width {
        Expr cond;
        int v;
        TailStrategy tail;
    };
    std::vector<Width> widths;
    // No width specializations: this graph's many fused loop nests would multiply the lowering
    // time of each one (the generator must finish within its time limit).
    widths.push_back({Expr(), vec, guard});
    auto at = [](Func f, const Width &w, int u = -1) {
        Stage st = u < 0 ? Stage(f) : f.update(u);
        return w.cond.defined() ? st.specialize(w.cond) : st;
    };
    // The register-tiled convs: (output, reduction, its taps to unroll or none).
    struct Tiled {
        Func out, red;
    };
    std::vector<Tiled> fire_tiles;
    for (task::Fire *f : {&a.fire2, &a.fire3}) {
        fire_tiles.push_back({f->s, f->squeeze});
        fire_tiles.push_back({f->e1, f->expand1});
        fire_tiles.push_back({f->e3, f->expand3});
    }
    // @layer compute
    a.pooled.compute_root();
    for (Tiled t : fire_tiles) t.out.compute_root();
    a.fire2.s_padded.compute_root();
    a.fire3.s_padded.compute_root();
    a.fire2.out.compute_root();
    // @layer loops
    for (const Width &w : widths) {
        at(a.pooled, w)
            .split(a.row, ro, ri, rows, guard)
            .split(a.col, xo, xi, w.v, w.tail)
            .reorder(xi, xo, a.c, ri, ro, a.n)
            .parallel(ro);
        at(a.r, w)
            .split(a.col, xo, xi, w.v, w.tail)
            .split(a.c, co, ci, chans, guard)
            .reorder(xi, ci, xo, co, a.row, a.n);
        at(a.conv0, w, 0).reorder(a.col, a.c, a.r0.x, a.r0.y, a.r0.z);
        for (Tiled t : fire_tiles) {
            at(t.out, w)
                .split(a.c, co, ci, chans, guard)
                .split(a.col, xo, xi, w.v, w.tail)
                .reorder(xi, ci, xo, co, a.row, a.n)
                .parallel(a.row);
        }
        for (task::Fire *f : {&a.fire2, &a.fire3}) {
            at(f->squeeze, w, 0).reorder(a.col, a.c, f->rc);
            at(f->expand1, w, 0).reorder(a.col, a.c, f->rs);
            at(f->expand3, w, 0).reorder(a.col, a.c, f->r3.x, f->r3.y, f->r3.z);
        }
        for (Func f : {a.fire2.out, a.y}) {
            at(f, w).split(a.col, xo, xi, w.v, w.tail).reorder(xi, xo, a.c, a.row, a.n).parallel(a.row);
        }
    }
    a.fire2.s_padded.parallel(a.row);
    a.fire3.s_padded.parallel(a.row);
    // @layer memory
    // Per strip, not sliding per row: the sliding-window analysis of the clamped pool reads
    // made the pipeline generator too slow (one conv row of overlap per strip is recomputed).
    a.r.compute_at(a.pooled, ro);
    a.conv0.compute_at(a.r, xo);
    for (Tiled t : fire_tiles) t.red.compute_at(t.out, xo);
    // @layer vector
    for (const Width &w : widths) {
        at(a.pooled, w).vectorize(xi);
        at(a.r, w).vectorize(xi).unroll(ci);
        at(a.conv0, w).vectorize(a.col, w.v, guard).unroll(a.c, chans, guard);
        at(a.conv0, w, 0).vectorize(a.col, w.v, guard).unroll(a.c, chans, guard).unroll(a.r0.x);
        for (Tiled t : fire_tiles) {
            at(t.out, w).vectorize(xi).unroll(ci);
            at(t.red, w).vectorize(a.col, w.v, guard).unroll(a.c, chans, guard);
            at(t.red, w, 0).vectorize(a.col, w.v, guard).unroll(a.c, chans, guard);
        }
        for (task::Fire *f : {&a.fire2, &a.fire3}) at(f->expand3, w, 0).unroll(f->r3.x).unroll(f->r3.y);
        for (Func f : {a.fire2.out, a.y}) at(f, w).vectorize(xi);
    }
    a.fire2.s_padded.vectorize(a.col, vec, guard);
    a.fire3.s_padded.vectorize(a.col, vec, guard);
    // @end
    return a.kernel();
}
