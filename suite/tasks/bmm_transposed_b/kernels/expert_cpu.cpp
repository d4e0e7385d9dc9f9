// Expert cpu schedule for `bmm_transposed_b`: per batch entry, B[b] is first stored transposed
// (k outer, n inner) so that a vector of n is contiguous; then each 2-vector x 4-row tile of
// C keeps its 8 accumulator vectors in registers across the whole k loop: per k, 2 vector
// loads of B^T and 4 broadcasts of A feed 8 FMAs. Tiles of 4 rows of each batch entry run
// in parallel (the transposed B is built per batch entry and shared by its row tiles).
#include <ekb/kernel.h>

#include "algorithm.h"

EKB_KERNEL {
    using namespace Halide;
    task::Algorithm a;
    const int vec = target.natural_vector_size(Float(32));
    Var no{"no"}, ni{"ni"}, mo{"mo"}, mi{"mi"};
    // @layer compute
    Func bt = a.B.in(a.dot);  // B of one batch entry, stored transposed (below)
    Var bk = bt.args()[0], bn = bt.args()[1], bb = bt.args()[2];
    // dot is computed per tile of C, never materialized whole.
    // @layer loops
    a.C.tile(a.n, a.m, no, mo, ni, mi, 2 * vec, 4, TailStrategy::GuardWithIf)
        .reorder(ni, mi, no, mo, a.b)
        .parallel(mo);
    // @layer memory
    bt.compute_at(a.C, a.b).reorder_storage(bn, bk, bb);
    a.dot.compute_at(a.C, no)
        .bound_storage(a.n, 2 * vec)
        .bound_storage(a.m, 4);  // constant-size tile: the accumulators stay in registers
    // @layer vector
    bt.reorder(bn, bk).vectorize(bn, vec, TailStrategy::GuardWithIf).parallel(bk, 16, TailStrategy::GuardWithIf);
    a.C.vectorize(ni, vec, TailStrategy::GuardWithIf).unroll(ni).unroll(mi);
    a.dot.vectorize(a.n, vec, TailStrategy::GuardWithIf).unroll(a.n).unroll(a.m);
    a.dot.update().reorder(a.n, a.m, a.k).vectorize(a.n, vec, TailStrategy::GuardWithIf).unroll(a.n).unroll(a.m);
    // @end
    return a.kernel();
}
