// Expert cpu schedule for `conformer_ffn_macaron`: the whole half-step FFN fused per block of
// 4 frames, blocks in parallel. Per block: the LayerNorm statistics and the 4 normalized rows
// (vector partial sums, rfactor), then the hidden layer as a register-tiled GEMM (2 vectors
// of hidden features x 4 frames: 8 accumulators kept across the whole D loop, one broadcast
// ln value feeds 2 FMAs, one weight vector feeds 4), the bias and the Swish fused into the
// store of the block's [4, F] hidden rows (L1), then the output projection in the same
// register tiles with the bias, the half step and the residual fused into the store.
// Both weight matrices are first copied transposed (output feature innermost, in 8x8 tiles)
// so that a vector of output features is one dense load. Every split is guarded
// (GuardWithIf) and the tiles have a constant size, so any T, D, F (down to 1) works.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    const int rows = 4;  // frames per block and per register tile
    Var to{"to"}, ti{"ti"}, co{"co"}, ci{"ci"}, w{"w"};
    RVar ko{"ko"}, ku{"ku"};
    // @layer compute
    // Nothing at root but the transposed weights; the LayerNorm, the hidden rows and the
    // accumulator tiles live per block (below).
    // @layer loops
    a.y.split(a.t, to, ti, rows, TailStrategy::GuardWithIf)
        .split(a.c, co, ci, 2 * vec, TailStrategy::GuardWithIf)
        .reorder(ci, ti, co, to)
        .parallel(to);
    a.ff.split(a.c, co, ci, 2 * vec, TailStrategy::GuardWithIf).reorder(ci, a.t, co);
    // @layer memory
    for (Func red : {a.sum, a.sum_sq}) {
        Func part = red.update().split(a.rk.x, ko, ku, vec, TailStrategy::GuardWithIf).rfactor(ku, w);
        part.compute_at(a.y, to).vectorize(w);
        part.update().vectorize(w);
        red.compute_at(a.y, to);
        red.update().atomic().vectorize(ku);
    }
    for (Func f : {a.mean, a.rstd, a.ln, a.ff}) f.compute_at(a.y, to);
    for (auto [out, dot] : {std::pair{a.ff, a.f1_dot}, std::pair{a.y, a.f2_dot}}) {
        dot.compute_at(out, co).bound_storage(a.c, 2 * vec).bound_storage(a.t, rows);
    }
    // The weights, transposed once (output feature innermost), copied in 8x8 tiles.
    for (auto [wp, dot] : {std::pair{a.W1, a.f1_dot}, std::pair{a.W2, a.f2_dot}}) {
        Func wt = wp.in(dot);
        std::vector<Var> v = wt.args();
        Var oo{"oo"}, oi{"oi"}, kko{"kko"}, kki{"kki"};
        wt.compute_root()
            .reorder_storage(v[1], v[0])
            .tile(v[1], v[0], oo, kko, oi, kki, 8, 8, TailStrategy::GuardWithIf)
            .reorder(kki, oi, kko, oo)
            .parallel(oo);
    }
    // @layer vector
    a.y.vectorize(ci, vec, TailStrategy::GuardWithIf).unroll(ci).unroll(ti);
    a.ff.vectorize(ci, vec, TailStrategy::GuardWithIf).unroll(ci);
    a.ln.vectorize(a.c, vec, TailStrategy::GuardWithIf);
    for (auto [dot, r] : {std::pair{a.f1_dot, a.rk}, std::pair{a.f2_dot, a.rf}}) {
        dot.vectorize(a.c, vec, TailStrategy::GuardWithIf).unroll(a.c).unroll(a.t);
        dot.update()
            .reorder(a.c, a.t, r.x)
            .vectorize(a.c, vec, TailStrategy::GuardWithIf)
            .unroll(a.c)
            .unroll(a.t);
    }
    // @end
    return a.kernel();
}
