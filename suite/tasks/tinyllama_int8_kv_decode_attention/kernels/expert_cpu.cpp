// Expert cpu schedule for `tinyllama_int8_kv_decode_attention`: per query head in parallel,
// the int8 keys are read in tiles of 8 cached positions, each keeping one vector of partial
// dot products over the head dimension (rfactor over the lanes: int8 codes widened, zero
// point subtracted, one load of the query feeding 8 positions), the row's scale applied as
// the tile is stored; the softmax's max and sum in vector partials, exp vectorized over the
// positions; P V vectorized over the head dimension, each position's value row dequantized
// in registers (the probability and the row's scale folded into one factor), normalized as
// the head's output is stored. The cache is never dequantized to memory; a head's KV group
// stays in L2 across the group's query heads. Every split is guarded (GuardWithIf), so any
// legal shape (down to 1) works.
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    const int rows = 8;  // positions per score tile
    const TailStrategy guard = TailStrategy::GuardWithIf;
    Var so{"so"}, si{"si"}, u{"u"}, w{"w"};
    RVar ko{"ko"}, ku{"ku"};
    // @layer compute
    // Everything of a head is computed inside the head's iteration of the output (below).
    // @layer loops
    a.o.parallel(a.h).vectorize(a.d, vec, guard);
    a.pv.vectorize(a.d, vec, guard);
    a.pv.update().reorder(a.d, a.rs, a.h).vectorize(a.d, vec, guard);
    a.scores.split(a.s, so, si, rows, guard);
    // @layer memory
    for (Func f : {a.pv, a.scores, a.row_max, a.ex, a.row_sum}) f.compute_at(a.o, a.h);
    {
        Func lanes = a.dot.update().split(a.rd.x, ko, ku, vec, guard).rfactor(ku, u);
        a.dot.compute_at(a.scores, so);
        lanes.compute_at(a.scores, so).reorder_storage(u, a.s).bound_storage(a.s, rows);
        lanes.vectorize(u).unroll(a.s);
        lanes.update().reorder(u, a.s, ko).vectorize(u).unroll(a.s);
        a.dot.unroll(a.s);
        a.dot.update().reorder(ku, a.s).atomic().vectorize(ku).unroll(a.s);
    }
    for (Func red : {a.row_max, a.row_sum}) {
        Func part = red.update().split(a.rs.x, ko, ku, vec, guard).rfactor(ku, w);
        part.compute_at(a.o, a.h).vectorize(w);
        part.update().vectorize(w);
        red.update().atomic().vectorize(ku);
    }
    // @layer vector
    a.ex.vectorize(a.s, vec, guard);
    // @end
    return a.kernel();
}
