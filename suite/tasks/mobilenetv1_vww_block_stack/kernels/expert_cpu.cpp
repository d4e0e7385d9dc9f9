// Expert cpu schedule for `mobilenetv1_vww_block_stack`: two fused phases, each in parallel
// strips of rows, vectorized over columns.
//   h2 (layer 1, H x W): per strip of 4 rows the zero-padded input rows (padded1) and the
//     depthwise h1 rows for all C0 channels are built once (9 taps unrolled per vector), then
//     the pointwise conv accumulates 1 vector of columns x 8 channels of pw1 in registers
//     across the C0 channels, bias + ReLU6 fused into the store of h2 (kept whole: the
//     strided depthwise of layer 2 reads it with a halo).
//   y (layer 2, Ho x Wo): per strip of 2 output rows the zero-padded h2 rows it reads
//     (padded2, 5 rows) and the strided depthwise h3 rows for all C1 channels are built once
//     (the stride-2 reads are dense loads and shuffles), then the pointwise conv accumulates
//     1 vector x 8 channels of pw2 in registers across the C1 channels, bias + ReLU6 fused
//     into the output store.
// The pointwise weights are transposed once so that a tile's 8 channels are adjacent in
// memory. Column and channel tails are guarded (GuardWithIf).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    const int chans = 8;
    const TailStrategy guard = TailStrategy::GuardWithIf;
    Var ro{"ro"}, ri{"ri"}, xo{"xo"}, xi{"xi"}, co{"co"}, ci{"ci"};
    // @layer compute
    // h2 is stored whole; padded1, h1, padded2 and h3 per strip; dw1, pw1, dw2 and pw2 live
    // in registers of their consumers' tiles (below).
    a.h2.compute_root();
    // @layer loops
    struct Phase {
        Func out, pw, h, dw, padded;
        int rows;  // output rows per strip (one parallel task)
    };
    const std::vector<Phase> phases = {{a.h2, a.pw1, a.h1, a.dw1, a.padded1, 4}, {a.y, a.pw2, a.h3, a.dw2, a.padded2, 2}};
    for (Phase p : phases) {
        p.out.split(a.row, ro, ri, p.rows, guard)
            .split(a.col, xo, xi, vec, guard)
            .split(a.c, co, ci, chans, guard)
            .reorder(xi, ci, xo, co, ri, ro, a.n)
            .parallel(ro);
        p.h.split(a.col, xo, xi, vec, guard).reorder(xi, xo, a.c, a.row, a.n);
    }
    a.dw1.update().reorder(a.col, a.rk.x, a.rk.y);
    a.dw2.update().reorder(a.col, a.rk.x, a.rk.y);
    a.pw1.update().reorder(a.col, a.c, a.rc1);
    a.pw2.update().reorder(a.col, a.c, a.rc2);
    // @layer memory
    for (Phase p : phases) {
        // A constant-size tile (1 vector x 8 channels): its accumulators stay in registers.
        p.pw.compute_at(p.out, xo).bound_storage(a.col, vec).bound_storage(a.c, chans);
        p.h.compute_at(p.out, ro);
        p.dw.compute_at(p.h, xo);
        p.padded.compute_at(p.out, ro);
    }
    // The pointwise weights, transposed once so that a tile's 8 channels are adjacent.
    for (auto [w, conv] : {std::pair{a.w_pw1, a.pw1}, std::pair{a.w_pw2, a.pw2}}) {
        Func wt = w.in(conv);
        std::vector<Var> v = wt.args();
        wt.compute_root().reorder_storage(v[3], v[2], v[0], v[1]);
    }
    // @layer vector
    for (Phase p : phases) {
        p.out.vectorize(xi).unroll(ci);
        p.pw.vectorize(a.col, vec, guard).unroll(a.c);
        p.pw.update().vectorize(a.col, vec, guard).unroll(a.c);
        p.h.vectorize(xi);
        p.dw.vectorize(a.col, vec, guard);
        p.dw.update().vectorize(a.col, vec, guard).unroll(a.rk.x).unroll(a.rk.y);
        p.padded.vectorize(a.col, vec, guard);
    }
    // @end
    return a.kernel();
}
