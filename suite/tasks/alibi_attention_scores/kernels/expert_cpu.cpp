// Expert cpu schedule for `alibi_attention_scores`: per head, K is first stored transposed so
// that a vector of keys is contiguous; each 2-vector x 4-query tile of scores keeps its 8
// accumulator vectors in registers across the head dimension (per d, 2 vector loads of K^T
// and 4 broadcasts of Q feed 8 FMAs), then the scale, the ALiBi bias and the causal mask are
// applied as the tile is stored. Heads run in parallel; the transposed K of a head is built
// once per head (S x Dh floats).
#include <ekb/kernel.h>

#include <limits>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    const int tq = 4;
    Var so{"so"}, si{"si"}, to{"to"}, ti{"ti"};
    Expr T = a.Q.dim(1).extent(), S = a.K.dim(1).extent();
    // @layer compute
    Func kt = a.K.in(a.dot);  // K of one head, stored transposed (below)
    Var kd = kt.args()[0], ks = kt.args()[1], kh = kt.args()[2];
    Func out{"out"}, visible{"visible"};
    Expr p = S - T + a.t;
    Expr scale = 1.0f / sqrt(cast<float>(a.Q.dim(0).extent()));
    // The causal test goes through a small stored Func: written inline, bounds inference
    // would trim the tile of dot to the unmasked keys, and the tile would lose its constant
    // size (and its registers).
    visible(a.s, a.t) = cast<uint8_t>(select(a.s <= p, 1, 0));
    Expr lowest = Expr(std::numeric_limits<float>::lowest());  // finite, as in the reference
    out(a.s, a.t, a.h) = select(visible(a.s, a.t) == 1,
                                a.dot(a.s, a.t, a.h) * scale - a.slopes(a.h) * cast<float>(p - a.s), lowest);
    // @layer loops
    out.split(a.s, so, si, 2 * vec, TailStrategy::GuardWithIf)
        .split(a.t, to, ti, tq, TailStrategy::GuardWithIf)
        .reorder(si, ti, so, to, a.h)
        .parallel(a.h);
    // @layer memory
    kt.compute_at(out, a.h).reorder_storage(ks, kd, kh);
    visible.compute_at(out, so);
    a.dot.compute_at(out, so)
        .bound_storage(a.s, 2 * vec)
        .bound_storage(a.t, tq);  // constant-size tile: the accumulators stay in registers
    // @layer vector
    // The transposition in vec x vec blocks, loads along d unrolled: Halide turns the block into
    // dense loads and shuffles instead of a gather per lane.
    Var kso{"kso"}, ksi{"ksi"}, kdo{"kdo"}, kdi{"kdi"};
    kt.tile(ks, kd, kso, kdo, ksi, kdi, vec, vec, TailStrategy::GuardWithIf)
        .reorder(ksi, kdi, kso, kdo).vectorize(ksi).unroll(kdi);
    out.vectorize(si, vec, TailStrategy::GuardWithIf).unroll(si).unroll(ti);
    visible.vectorize(a.s, vec, TailStrategy::GuardWithIf);
    a.dot.vectorize(a.s, vec, TailStrategy::GuardWithIf).unroll(a.s).unroll(a.t);
    a.dot.update().reorder(a.s, a.t, a.d).vectorize(a.s, vec, TailStrategy::GuardWithIf).unroll(a.s).unroll(a.t);
    // @end
    return {{a.Q, a.K, a.slopes}, {out}};
}
