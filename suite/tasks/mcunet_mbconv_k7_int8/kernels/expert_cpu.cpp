// Expert cpu schedule for `mcunet_mbconv_k7_int8`: the whole block fused per strip of 8
// output rows, strips in parallel, vectorized over columns in int32 lanes. Inside a strip,
// rows of h1 slide through a small int8 buffer (each h1 row is expanded once per strip, in
// register tiles of 1 vector of columns x 8 channels accumulating widened int8 products
// across the C input channels, the requantization and ReLU6 clamp fused into the int8
// store) and are copied into the zp_h-padded h1 rows; per output row the depthwise computes
// the int8 h2 row over all E channels (49 taps unrolled, requantized in vectors), then the
// project conv accumulates 1 vector of columns x 8 output channels in registers across the
// E channels, with its requantization, the residual ADD's two rescalings and the output
// requantization all fused into the int8 store (p, scaled_x and scaled_p inlined). The 1x1
// weights are transposed once so that a tile's 8 channels are adjacent in memory. Column
// and channel tails are guarded (GuardWithIf).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Int(32));
    const int rows = 8, chans = 8;  // 8 output rows per strip: the 7x7 halo (6 rows) is recomputed per strip
    const TailStrategy guard = TailStrategy::GuardWithIf;
    Var ro{"ro"}, ri{"ri"}, xo{"xo"}, xi{"xi"}, co{"co"}, ci{"ci"};
    // @layer compute
    // h1, h1_padded and h2 are materialized per row inside a strip; expand, dw and project
    // live in registers of their consumers' tiles; p, scaled_x and scaled_p are inlined.
    // @layer loops
    a.y.split(a.row, ro, ri, rows, guard)
        .split(a.col, xo, xi, vec, guard)
        .split(a.c, co, ci, chans, guard)
        .reorder(xi, ci, xo, co, ri, ro, a.n)
        .parallel(ro);
    a.h1.split(a.col, xo, xi, vec, guard).split(a.c, co, ci, chans, guard).reorder(xi, ci, xo, co, a.row, a.n);
    a.h2.split(a.col, xo, xi, vec, guard).reorder(xi, xo, a.c, a.row, a.n);
    a.expand.update().reorder(a.col, a.c, a.rc);
    a.dw.update().reorder(a.col, a.rk.x, a.rk.y);
    a.project.update().reorder(a.col, a.c, a.re);
    // @layer memory
    // Constant-size tiles (1 vector x 8 channels): their accumulators stay in registers.
    a.project.compute_at(a.y, xo).bound_storage(a.col, vec).bound_storage(a.c, chans);
    a.h2.store_at(a.y, ro).compute_at(a.y, ri);
    a.dw.compute_at(a.h2, xo);
    a.h1_padded.store_at(a.y, ro).compute_at(a.y, ri);
    a.h1.store_at(a.y, ro).compute_at(a.y, ri);
    a.expand.compute_at(a.h1, xo).bound_storage(a.col, vec).bound_storage(a.c, chans);
    // The 1x1 weights, transposed once so that a tile's 8 channels are adjacent in memory.
    for (auto [w, conv] : {std::pair{a.w_expand, a.expand}, std::pair{a.w_project, a.project}}) {
        Func wt = w.in(conv);
        std::vector<Var> v = wt.args();
        wt.compute_root().reorder_storage(v[3], v[2], v[0], v[1]);
    }
    // @layer vector
    a.y.vectorize(xi).unroll(ci);
    a.project.vectorize(a.col, vec, guard).unroll(a.c);
    a.project.update().vectorize(a.col, vec, guard).unroll(a.c);
    a.h2.vectorize(xi);
    a.dw.vectorize(a.col, vec, guard);
    a.dw.update().vectorize(a.col, vec, guard).unroll(a.rk.x).unroll(a.rk.y);
    a.h1_padded.vectorize(a.col, vec, guard);
    a.h1.vectorize(xi).unroll(ci);
    a.expand.vectorize(a.col, vec, guard).unroll(a.c);
    a.expand.update().vectorize(a.col, vec, guard).unroll(a.c);
    // @end
    return a.kernel();
}
